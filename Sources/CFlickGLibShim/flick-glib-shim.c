// See flick-glib-shim.h: boilerplate only, behaviour lives in Swift.
#include <glib-object.h>

#include "flick-glib-shim.h"

// MARK: Variadic calls

void flick_object_set_boolean(void *o, const char *n, int v) { g_object_set(o, n, (gboolean) v, NULL); }
void flick_object_set_int(void *o, const char *n, int v) { g_object_set(o, n, v, NULL); }
void flick_object_set_uint(void *o, const char *n, unsigned int v) { g_object_set(o, n, v, NULL); }
void flick_object_set_int64(void *o, const char *n, long long v) { g_object_set(o, n, (gint64) v, NULL); }
void flick_object_set_double(void *o, const char *n, double v) { g_object_set(o, n, v, NULL); }
void flick_object_set_string(void *o, const char *n, const char *v) { g_object_set(o, n, v, NULL); }
void flick_object_set_object(void *o, const char *n, void *v) { g_object_set(o, n, v, NULL); }
void flick_object_set_flags(void *o, const char *n, unsigned int v) { g_object_set(o, n, v, NULL); }
void flick_object_set_enum(void *o, const char *n, int v) { g_object_set(o, n, v, NULL); }

int flick_object_get_boolean(void *o, const char *n) { gboolean v = FALSE; g_object_get(o, n, &v, NULL); return v; }
int flick_object_get_int(void *o, const char *n) { int v = 0; g_object_get(o, n, &v, NULL); return v; }
double flick_object_get_double(void *o, const char *n) { double v = 0; g_object_get(o, n, &v, NULL); return v; }
char *flick_object_get_string(void *o, const char *n) { char *v = NULL; g_object_get(o, n, &v, NULL); return v; }

unsigned long flick_type_string(void) { return G_TYPE_STRING; }
unsigned long flick_type_boolean(void) { return G_TYPE_BOOLEAN; }
unsigned long flick_type_int(void) { return G_TYPE_INT; }
unsigned long flick_type_double(void) { return G_TYPE_DOUBLE; }
