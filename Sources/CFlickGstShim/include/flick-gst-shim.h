// The GStreamer shim: the flickcachesrc element's type boilerplate and
// one action signal that returns a value. Only the media engine includes it.
//
// This header includes no GLib, GTK or GStreamer header on purpose: Swift
// sees those through the CGLib, CGtk and CGStreamer modules only, so no
// declaration belongs to two modules. Pointers are `void *` (a GObject
// instance), GType is `unsigned long` (gsize), gboolean is `int`.
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/* The language code (ISO 639) playbin's text stream `index` is tagged
 * with, newly allocated (g_free), or NULL. The "get-text-tags" action
 * signal returns a value, which Swift cannot take from a variadic emission. */
char *flick_playbin_text_language(void *playbin, int index);

// MARK: FlickCacheSrc (element "flickcachesrc", URI schemes "flick-cache", "flick-cache-http", "flick-cache-https")


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
