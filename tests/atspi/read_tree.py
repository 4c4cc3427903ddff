#!/usr/bin/python3
"""Reads the Nonet window's accessibility tree through AT-SPI (as a screen reader does) and
prints it as JSON: the board (found by its name, with its role and description), every button's
role and name, the status line, the text of every label (GTK 4.8 tells no label's showing
state: those of pages out of sight are listed too), and the other widgets with a description.
With `--press NAME` it first presses the sensitive button or menu item of that name (the last
one found: the newest window's; GTK 4.8 tells no button's showing state), as a screen reader's
user does (AT-SPI's action), and says whether there was one ("pressed"). "controls" lists every
button, menu item, drop-down, text, slider and the like with its role and name; "items" the name
of every list's rows (those in sight, for a list view).
Used by the GUI tests (tests/gui/support.rs); needs Debian's python3-pyatspi."""
import json
import sys

import pyatspi
from gi.repository import GLib


def walk(node, depth=0):
    """Every node under `node`, skipping those that vanish while they are read (a toast going
    as its button is pressed, say: AT-SPI then says "the application no longer exists")."""
    yield node
    if depth > 40:
        return
    try:
        count = node.childCount
    except GLib.GError:
        return
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except GLib.GError:
            continue
        if child is not None:
            yield from walk(child, depth + 1)


def pressable(node, press):
    """Whether `node` is the sensitive button or menu item named `press` (False if it
    vanished)."""
    try:
        return (node.getRoleName() in ("push button", "menu item") and node.name == press
                and node.getState().contains(pyatspi.STATE_SENSITIVE))
    except GLib.GError:
        return False


# The roles of what a player works (scroll bars aside): each wants a name of its own.
CONTROLS = ("push button", "toggle button", "combo box", "text", "entry", "slider", "spin button",
            "check box", "radio button", "page tab", "menu item")


def main():
    args = sys.argv[1:]
    press = None
    if args[:1] == ["--press"]:
        press, args = args[1], args[2:]
    app_name = args[0] if args else "nonet"
    desktop = pyatspi.Registry.getDesktop(0)
    apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
    app = next((a for a in apps if a is not None and a.name == app_name), None)
    if app is None:
        print(json.dumps({"error": "no application named " + app_name,
                          "apps": [a.name for a in apps if a is not None]}))
        return
    found = {"board": None, "buttons": [], "status": None, "labels": [], "described": [], "controls": [],
             "items": []}
    if press is not None:
        matches = [node for node in walk(app) if pressable(node, press)]
        found["pressed"] = False
        if matches:
            action = matches[-1].queryAction()
            found["pressed"] = bool(action.nActions > 0 and action.doAction(0))
    for node in walk(app):
        try:
            read(node, found)
        except GLib.GError:
            continue  # gone while read
    print(json.dumps(found))


def path_of(node):
    """Where a node is: its index in its parent's children, and its parent's, up to the app (two
    rows of the same name, in two lists, are two places)."""
    path = []
    while node is not None and node.getRoleName() != "application":
        path.insert(0, node.getIndexInParent())
        node = node.parent
    return path


def read(node, found):
    """Adds what a node tells to `found`."""
    role = node.getRoleName()
    if node.getState().contains(pyatspi.STATE_FOCUSED):
        found["focused"] = {"role": role, "name": node.name, "path": path_of(node)}
    if role in CONTROLS:
        found["controls"].append({"role": role, "name": node.name})
    if node.name == "Sudoku board":
        found["board"] = {"role": role, "description": node.description,
                          "focused": node.getState().contains(pyatspi.STATE_FOCUSED)}
    elif role in ("push button", "toggle button"):
        state = node.getState()
        found["buttons"].append({"role": role, "name": node.name,
                                 "showing": state.contains(pyatspi.STATE_SHOWING),
                                 "sensitive": state.contains(pyatspi.STATE_SENSITIVE)})
    elif role == "status bar":
        found["status"] = node.name
    elif role == "label":
        found["labels"].append(node.name)
    elif role == "list item":
        found["items"].append(node.name)
    elif node.description:
        found["described"].append({"name": node.name, "description": node.description})


main()
