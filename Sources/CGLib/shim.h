// GLib, GObject and GIO as one Swift module.
#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <libintl.h>   /* bindtextdomain: gettext catalogues (FeedGObject/Translation) */
#include <locale.h>
#include <malloc.h>   /* mallopt: the app's arena limit (Flick/main.swift) */
#include <gio/gunixinputstream.h>
#include <gio/gunixsocketaddress.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
