#!/bin/sh
# Fails when a page in the help's C directory (the first argument) is missing from the list
# meson installs (the other arguments: pages and media), the list names a file that is not there,
# a page shows a figure (a media src) the list leaves out, which would be missing once installed,
# or a translation has a figure of its own (LANG/figures) that is not a listed one, which meson
# would leave out (a listed one replaces the C figure in that language's help).
dir=$1
shift
status=0
listed() {
    case " $* " in
        *" $name "*) return 0 ;;
        *) return 1 ;;
    esac
}
for page in "$dir"/*.page; do
    name=$(basename "$page")
    listed "$@" || { echo "help/C/$name is not listed in help/meson.build"; status=1; }
done
for name in $(grep -oh ' src="[^"]*"' "$dir"/*.page | sed 's/ src="\(.*\)"/\1/' | sort -u); do
    listed "$@" || { echo "help/C/$name is shown by a page but not listed in help/meson.build"; status=1; }
done
for name in "$@"; do
    [ -f "$dir/$name" ] || { echo "help/meson.build lists $name, which help/C lacks"; status=1; }
done
for figure in "$dir"/../*/figures/*; do
    [ -f "$figure" ] || continue
    language=$(basename "$(dirname "$(dirname "$figure")")")
    [ "$language" = C ] && continue
    name=figures/$(basename "$figure")
    listed "$@" || { echo "help/$language/$name is not a figure help/meson.build lists"; status=1; }
done
exit $status
