"""A window of another app to drag a puzzle from, as from a file manager or a text editor:
`drag_source.py file PATH` offers the file, `drag_source.py text TEXT` the text. Its window is
titled "Drag source" and is all drag handle. (Debian's python3-gi with GTK 4's introspection
data, which scripts/setup.sh installs; run with /usr/bin/python3.)"""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

kind, payload = sys.argv[1], sys.argv[2]


def content(_source, _x, _y):
    if kind == "file":
        return Gdk.ContentProvider.new_for_value(Gdk.FileList.new_from_list([Gio.File.new_for_path(payload)]))
    return Gdk.ContentProvider.new_for_value(payload)


Gtk.init()
window = Gtk.Window(title="Drag source")
handle = Gtk.Label(label="Drag me")
handle.set_size_request(200, 200)
source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
source.connect("prepare", content)
handle.add_controller(source)
window.set_child(handle)
window.present()
loop = GLib.MainLoop()
window.connect("close-request", lambda _w: loop.quit())
loop.run()
