// The GLib shim: plain-function forms of variadic GLib calls
// (g_object_set/get) and of type macros (G_TYPE_STRING, ...), which Swift
// cannot call. Used by both sides, the engine and the widgets; it includes
// neither GTK nor GStreamer.
//
// This header includes no GLib, GTK or GStreamer header on purpose: Swift
// sees those through the CGLib, CGtk and CGStreamer modules only, so no
// declaration belongs to two modules. Pointers are `void *` (a GObject
// instance), GType is `unsigned long` (gsize), gboolean is `int`.
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Variadic calls as plain functions

void flick_object_set_boolean(void *object, const char *name, int value);
void flick_object_set_int(void *object, const char *name, int value);
void flick_object_set_uint(void *object, const char *name, unsigned int value);
void flick_object_set_int64(void *object, const char *name, long long value);
void flick_object_set_double(void *object, const char *name, double value);
void flick_object_set_string(void *object, const char *name, const char *value);
void flick_object_set_object(void *object, const char *name, void *value);
void flick_object_set_flags(void *object, const char *name, unsigned int value);
void flick_object_set_enum(void *object, const char *name, int value);

int flick_object_get_boolean(void *object, const char *name);
int flick_object_get_int(void *object, const char *name);
double flick_object_get_double(void *object, const char *name);
/// Returns a newly allocated string (g_free it) or NULL.
char *flick_object_get_string(void *object, const char *name);

// MARK: Macros as functions

/// G_TYPE_STRING, G_TYPE_BOOLEAN, ...: computed by macros Swift cannot import.
unsigned long flick_type_string(void);
unsigned long flick_type_boolean(void);
unsigned long flick_type_int(void);
unsigned long flick_type_double(void);

#ifdef __cplusplus
}
#endif
