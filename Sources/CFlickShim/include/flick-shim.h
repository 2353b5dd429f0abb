// The thin C shim: only what Swift cannot express.
//
// - GObject type boilerplate for the one custom widget (FlickContainer),
//   whose every decision is made in Swift through the callbacks below.
// - Plain-function forms of variadic GLib calls (g_object_set/get).
//
// Behaviour lives in Swift; nothing here decides anything.
#pragma once

#include <glib-object.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

// MARK: FlickContainer

/// Asked for the container's size request (GtkWidgetClass.measure).
typedef void (*FlickMeasureFunc)(GtkWidget *widget, GtkOrientation orientation,
                                 int for_size, int *minimum, int *natural,
                                 gpointer user_data);
/// Asked to place the children in a box of width x height (GtkWidgetClass.size_allocate).
typedef void (*FlickAllocateFunc)(GtkWidget *widget, int width, int height,
                                  int baseline, gpointer user_data);

#define FLICK_TYPE_CONTAINER (flick_container_get_type())
G_DECLARE_FINAL_TYPE(FlickContainer, flick_container, FLICK, CONTAINER, GtkWidget)

/// A widget that holds children and lets Swift measure and place them.
/// Children are added with gtk_widget_set_parent and are unparented on dispose.
GtkWidget *flick_container_new(void);

/// Sets the Swift handlers. `destroy` is called with `user_data` when the
/// handlers are replaced or the container is disposed.
void flick_container_set_handlers(FlickContainer *self,
                                  FlickMeasureFunc measure,
                                  FlickAllocateFunc allocate,
                                  gpointer user_data,
                                  GDestroyNotify destroy);

// MARK: Variadic calls as plain functions

void flick_object_set_boolean(gpointer object, const char *name, gboolean value);
void flick_object_set_int(gpointer object, const char *name, int value);
void flick_object_set_uint(gpointer object, const char *name, guint value);
void flick_object_set_int64(gpointer object, const char *name, gint64 value);
void flick_object_set_double(gpointer object, const char *name, double value);
void flick_object_set_string(gpointer object, const char *name, const char *value);
void flick_object_set_object(gpointer object, const char *name, gpointer value);
void flick_object_set_flags(gpointer object, const char *name, guint value);
void flick_object_set_enum(gpointer object, const char *name, int value);

gboolean flick_object_get_boolean(gpointer object, const char *name);
int flick_object_get_int(gpointer object, const char *name);
double flick_object_get_double(gpointer object, const char *name);
/// Returns a newly allocated string (g_free it) or NULL.
char *flick_object_get_string(gpointer object, const char *name);

G_END_DECLS
