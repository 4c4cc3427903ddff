#!/usr/bin/python3
"""Reads the Nonet window's accessibility tree through AT-SPI (as a screen reader does) and
prints it as JSON: the board (found by its name, with its role and description), every button's
role and name, the status line, the text of every label (GTK 4.8 tells no label's showing
state: those of pages out of sight are listed too), and the other widgets with a description.
Used by tests/gui.rs; needs Debian's python3-pyatspi."""
import json
import sys

import pyatspi


def walk(node, depth=0):
    yield node
    if depth > 40:
        return
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            yield from walk(child, depth + 1)


def main():
    app_name = sys.argv[1] if len(sys.argv) > 1 else "nonet"
    desktop = pyatspi.Registry.getDesktop(0)
    apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
    app = next((a for a in apps if a is not None and a.name == app_name), None)
    if app is None:
        print(json.dumps({"error": "no application named " + app_name,
                          "apps": [a.name for a in apps if a is not None]}))
        return
    found = {"board": None, "buttons": [], "status": None, "labels": [], "described": []}
    for node in walk(app):
        role = node.getRoleName()
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
        elif node.description:
            found["described"].append({"name": node.name, "description": node.description})
    print(json.dumps(found))


main()
