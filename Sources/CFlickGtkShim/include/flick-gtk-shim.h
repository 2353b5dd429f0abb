// The GTK shim: GObject type boilerplate for the two custom GTK types
// (FlickContainer, FlickFramePaintable), whose every decision is made in
// Swift through the callbacks below. Only FeedUI and the app include it.
//
// This header includes no GLib, GTK or GStreamer header on purpose: Swift
// sees those through the CGLib, CGtk and CGStreamer modules only, so no
// declaration belongs to two modules. Pointers are `void *` (a GObject
// instance), GType is `unsigned long` (gsize), gboolean is `int`.
#pragma once

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

#ifdef __cplusplus
}
#endif
