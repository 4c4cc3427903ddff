#!/bin/sh
# Fails when a page in the help's C directory (the first argument) is missing from the list
# meson installs (the other arguments), or the list names a page that is not there.
dir=$1
shift
status=0
for page in "$dir"/*.page; do
    name=$(basename "$page")
    case " $* " in
        *" $name "*) ;;
        *) echo "help/C/$name is not listed in help/meson.build"; status=1 ;;
    esac
done
for name in "$@"; do
    [ -f "$dir/$name" ] || { echo "help/meson.build lists $name, which help/C lacks"; status=1; }
done
exit $status
