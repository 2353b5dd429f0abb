#!/usr/bin/python3
"""Reads a running app's accessible tree over AT-SPI, as a screen reader does.

  accessible-tree.py dump PID         prints the tree as JSON: one object per
                                      node, in document order, with its depth
                                      and its place in its window (x, y,
                                      width, height), where it has one
  accessible-tree.py press PID NAME   runs the first action of the first
                                      node named NAME

Exits 2 when no application with that process id is on the bus (yet).
"""
import json
import sys

import pyatspi


def application(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            continue
    return None


def walk(node, depth, out, limit=5000):
    if node is None or len(out) >= limit:
        return
    states = node.getState()
    try:
        actions = [node.queryAction().getName(i) for i in range(node.queryAction().nActions)]
    except NotImplementedError:
        actions = []
    try:
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        extents = [box.x, box.y, box.width, box.height]
    except Exception:
        extents = None
    out.append({
        "extents": extents,
        "depth": depth,
        "role": node.getRoleName(),
        "name": node.name or "",
        "description": node.description or "",
        "showing": states.contains(pyatspi.STATE_SHOWING),
        "visible": states.contains(pyatspi.STATE_VISIBLE),
        "actions": actions,
        "node": node,
    })
    for index in range(node.childCount):
        walk(node.getChildAtIndex(index), depth + 1, out, limit)


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    command, pid = sys.argv[1], int(sys.argv[2])
    app = application(pid)
    if app is None:
        print(f"no accessible application with pid {pid}", file=sys.stderr)
        return 2
    nodes = []
    walk(app, 0, nodes)
    if command == "dump":
        print(json.dumps([{k: v for k, v in n.items() if k != "node"} for n in nodes]))
        return 0
    if command == "press" and len(sys.argv) == 4:
        # GTK 4.8 sets "showing" on windows only, so the first match wins;
        # a label's actions (copy) are not what pressing means.
        for n in nodes:
            if n["name"] == sys.argv[3] and n["actions"] and n["role"] != "label":
                n["node"].queryAction().doAction(0)
                return 0
        print(f"no node named {sys.argv[3]!r} with an action", file=sys.stderr)
        return 1
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main())
