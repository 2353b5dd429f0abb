#!/usr/bin/env python3
"""A stand-in file manager on the test's private session bus: it owns
org.freedesktop.FileManager1 as Files does and writes each ShowItems call's
URIs, one per line, to the file named by its argument. It prints "ready"
once it owns the name, and ends when the bus goes away (or after 120 s)."""
import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.FileManager1">
    <method name="ShowItems">
      <arg type="as" name="URIs" direction="in"/>
      <arg type="s" name="StartupId" direction="in"/>
    </method>
    <method name="ShowFolders">
      <arg type="as" name="URIs" direction="in"/>
      <arg type="s" name="StartupId" direction="in"/>
    </method>
  </interface>
</node>
"""

record = sys.argv[1]
loop = GLib.MainLoop()


def called(connection, sender, path, interface, method, parameters, invocation):
    uris, _ = parameters.unpack()
    with open(record, "a", encoding="utf-8") as out:
        out.write("".join(f"{method} {uri}\n" for uri in uris))
    invocation.return_value(None)


def acquired(connection, name):
    print("ready", flush=True)


def lost(connection, name):
    loop.quit()


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
bus.connect("closed", lambda *_: loop.quit())
info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
bus.register_object("/org/freedesktop/FileManager1", info, called, None, None)
Gio.bus_own_name_on_connection(bus, "org.freedesktop.FileManager1", Gio.BusNameOwnerFlags.NONE, acquired, lost)
GLib.timeout_add_seconds(120, loop.quit)
loop.run()
