#!/bin/sh
# Fails when a page in the help's C directory (the first argument) is missing from the list
# meson installs (the other arguments: pages and media), the list names a file that is not there,
# or a page shows a figure (a media src) the list leaves out, which would be missing once
# installed.
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
exit $status
