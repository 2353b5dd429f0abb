// The thin C shim: only what Swift cannot express.
//
// - GObject type boilerplate for the one custom widget (FlickContainer),
//   whose every decision is made in Swift through the callbacks below.
// - Plain-function forms of variadic GLib calls (g_object_set/get) and of
//   type macros (G_TYPE_STRING, ...).
//
// This header includes no GLib or GTK header on purpose: Swift sees those
// through the CGLib and CGtk modules only, so no declaration belongs to two
// modules. Pointers are `void *` (a GObject instance), GType is
// `unsigned long` (gsize), gboolean is `int`.
#pragma once

/* The language code (ISO 639) playbin's text stream `index` is tagged
 * with, newly allocated (g_free), or NULL. The "get-text-tags" action
 * signal returns a value, which Swift cannot take from a variadic emission. */
char *flick_playbin_text_language(void *playbin, int index);

#ifdef __cplusplus
extern "C" {
#endif

// MARK: FlickContainer

/// Asked for the container's size request (GtkWidgetClass.measure).
/// `orientation` is a GtkOrientation (0 horizontal, 1 vertical).
typedef void (*FlickMeasureFunc)(void *widget, int orientation, int for_size,
                                 int *minimum, int *natural, void *user_data);
/// Asked to place the children in a box of width x height (GtkWidgetClass.size_allocate).
typedef void (*FlickAllocateFunc)(void *widget, int width, int height,
                                  int baseline, void *user_data);
typedef void (*FlickDestroyNotify)(void *user_data);

/// The FlickContainer GType.
unsigned long flick_container_get_type(void);

/// A widget (GtkWidget *, floating) that holds children and lets Swift
/// measure and place them. Children are added with gtk_widget_set_parent and
/// are unparented on dispose.
void *flick_container_new(void);

/// Sets the Swift handlers. `destroy` is called with `user_data` when the
/// handlers are replaced or the container is disposed.
void flick_container_set_handlers(void *container,
                                  FlickMeasureFunc measure,
                                  FlickAllocateFunc allocate,
                                  void *user_data,
                                  FlickDestroyNotify destroy);

// MARK: FlickFramePaintable

/// The FlickFramePaintable GType: a GdkPaintable that shows one texture, or
/// one frame's opaque pixels as a cairo image, at a time. Video frames swap
/// what it shows; GTK is told only that the contents
/// changed (and the size, when it did), so the page is redrawn but not
/// re-laid out for every frame.
unsigned long flick_frame_paintable_get_type(void);

/// A new paintable (GdkPaintable *, full reference) with no texture.
void *flick_frame_paintable_new(void);

/// Shows `texture` (a GdkTexture *, or NULL for nothing). Takes its own
/// reference; emits invalidate-contents, and invalidate-size when the
/// texture's size differs from the previous one.
void flick_frame_paintable_set_texture(void *paintable, void *texture);

/// Shows opaque B8G8R8A8 pixels (`bytes`, a GBytes *, width × height, `stride` bytes a
/// row; the alpha byte is ignored) as a cairo image drawn through a cairo
/// node: what GTK's cairo renderer paints without converting pixels. Keeps
/// a reference to `bytes` for as long as GTK draws them. 0 when cairo
/// refuses the size or stride (nothing changes then), else 1.
int flick_frame_paintable_set_opaque_pixels(void *paintable, void *bytes, int width, int height, int stride);

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

// MARK: FlickCacheSrc (element "flickcachesrc", URI schemes "flick-cache", "flick-cache-http", "flick-cache-https")

#ifdef __cplusplus
extern "C" {
#endif

/// The Swift side of every flickcachesrc instance. Each function gets the
/// instance's own pointer (made by `instance_new`); every decision (what a
/// URI means, which bytes to fetch, when to give up) is made there.
/// Threads: `instance_new`/`instance_free` on whatever thread makes or
/// finalizes the element; `set_uri` on the application's thread; `start`,
/// `stop`, `get_size` and `fill` on the thread that activates the pad or on
/// the streaming thread; `unlock`/`unlock_stop` on the thread changing state.
typedef struct {
    /// Returns the per-instance pointer stored in the element.
    void *(*instance_new)(void *element, void *class_data);
    /// Releases what `instance_new` returned (from finalize).
    void (*instance_free)(void *instance);
    /// A URI was set: 1 accepted, 0 refused.
    int (*set_uri)(void *instance, const char *uri);
    /// GstBaseSrcClass.start/stop: 1 ok, 0 failed (after posting an error).
    int (*start)(void *instance);
    int (*stop)(void *instance);
    /// The size in bytes when known: 1 and `*size` set, else 0.
    int (*get_size)(void *instance, unsigned long long *size);
    /// Fills `buffer` (a GstBuffer * of `length` bytes, writable) with the
    /// bytes at `offset`, shrinking it when fewer remain. Returns a
    /// GstFlowReturn (0 ok, -3 EOS, -2 flushing, -5 error).
    int (*fill)(void *instance, unsigned long long offset, unsigned int length, void *buffer);
    /// GstBaseSrcClass.unlock/unlock_stop: stop waiting / may wait again.
    int (*unlock)(void *instance);
    int (*unlock_stop)(void *instance);
} FlickCacheSrcHandlers;

/// Registers the flickcachesrc type and element (rank PRIMARY + 1, no
/// plugin) with `handlers` (copied) and `class_data`, given to every
/// `instance_new`. Once per process; later calls return 1 and change nothing.
/// Returns 1 when the element is registered.
int flick_cache_src_register(const FlickCacheSrcHandlers *handlers, void *class_data);

/// Posts an ERROR message from `element` (GST_RESOURCE_ERROR with `code`, a
/// GstResourceError value), with `http_status` in the details structure as
/// `http-status-code` when it is not 0 (as souphttpsrc does), and Flick's
/// error code name (`flick_code`, e.g. "TLS_ERROR") as `flick-error-code`.
void flick_cache_src_post_error(void *element, int code, const char *text, const char *debug,
                                unsigned int http_status, const char *flick_code);

#ifdef __cplusplus
}
#endif
