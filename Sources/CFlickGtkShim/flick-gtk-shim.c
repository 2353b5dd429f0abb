// See flick-gtk-shim.h: boilerplate only, behaviour lives in Swift.
#include <glib-object.h>
#include <gtk/gtk.h>

#include "flick-gtk-shim.h"

#define FLICK_TYPE_CONTAINER (flick_container_get_type())
G_DECLARE_FINAL_TYPE(FlickContainer, flick_container, FLICK, CONTAINER, GtkWidget)

struct _FlickContainer {
    GtkWidget parent_instance;
    FlickMeasureFunc measure;
    FlickAllocateFunc allocate;
    gpointer user_data;
    FlickDestroyNotify destroy;
};

G_DEFINE_FINAL_TYPE(FlickContainer, flick_container, GTK_TYPE_WIDGET)


static void
flick_container_clear_handlers(FlickContainer *self)
{
    FlickDestroyNotify destroy = self->destroy;
    gpointer data = self->user_data;
    self->measure = NULL;
    self->allocate = NULL;
    self->user_data = NULL;
    self->destroy = NULL;
    if (destroy != NULL)
        destroy(data);
}

static void
flick_container_dispose(GObject *object)
{
    FlickContainer *self = FLICK_CONTAINER(object);
    GtkWidget *child;
    flick_container_clear_handlers(self);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(flick_container_parent_class)->dispose(object);
}

static void
flick_container_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *minimum_baseline,
                        int *natural_baseline)
{
    FlickContainer *self = FLICK_CONTAINER(widget);
    *minimum = 0;
    *natural = 0;
    if (self->measure != NULL)
        self->measure(widget, (int) orientation, for_size, minimum, natural, self->user_data);
}

static void
flick_container_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    FlickContainer *self = FLICK_CONTAINER(widget);
    if (self->allocate != NULL)
        self->allocate(widget, width, height, baseline, self->user_data);
}

static void
flick_container_class_init(FlickContainerClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = flick_container_dispose;
    widget_class->measure = flick_container_measure;
    widget_class->size_allocate = flick_container_size_allocate;
}

static void
flick_container_init(FlickContainer *self)
{
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

void *
flick_container_new(void)
{
    return g_object_new(FLICK_TYPE_CONTAINER, NULL);
}

void
flick_container_set_handlers(void *container, FlickMeasureFunc measure,
                             FlickAllocateFunc allocate, void *user_data,
                             FlickDestroyNotify destroy)
{
    FlickContainer *self = container;
    g_return_if_fail(FLICK_IS_CONTAINER(self));
    flick_container_clear_handlers(self);
    self->measure = measure;
    self->allocate = allocate;
    self->user_data = user_data;
    self->destroy = destroy;
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

// MARK: FlickFramePaintable

#define FLICK_TYPE_FRAME_PAINTABLE (flick_frame_paintable_get_type())
G_DECLARE_FINAL_TYPE(FlickFramePaintable, flick_frame_paintable, FLICK, FRAME_PAINTABLE, GObject)

/* Holds either a texture or an opaque cairo image over a frame's pixels
 * (never both). */
struct _FlickFramePaintable {
    GObject parent_instance;
    GdkTexture *texture;
    cairo_surface_t *surface;
};

/* The frame reaches the cairo node as a raster source, not a surface
 * pattern: a recording surface keeps a snapshot of every surface painted
 * into it, and cairo copies the whole surface into that snapshot when the
 * surface is destroyed (its copy-on-write), which here was every frame.
 * A raster source pattern holds a reference to the frame's image instead
 * (one per copy of the pattern) and hands it out when the node is drawn. */
static cairo_surface_t *
flick_frame_source_acquire(cairo_pattern_t *pattern, void *data, cairo_surface_t *target,
                           const cairo_rectangle_int_t *extents)
{
    return cairo_surface_reference(data);
}

static void
flick_frame_source_release(cairo_pattern_t *pattern, void *data, cairo_surface_t *surface)
{
    cairo_surface_destroy(surface);
}

static cairo_status_t
flick_frame_source_copy(cairo_pattern_t *pattern, void *data, const cairo_pattern_t *other)
{
    cairo_surface_reference(data);
    return CAIRO_STATUS_SUCCESS;
}

static void
flick_frame_source_finish(cairo_pattern_t *pattern, void *data)
{
    cairo_surface_destroy(data);
}

/* Paints the cairo image scaled to width × height through a cairo node,
 * which GTK's cairo renderer replays without converting the pixels. */
static void
flick_frame_paintable_snapshot_surface(FlickFramePaintable *self, GtkSnapshot *snapshot,
                                       double width, double height)
{
    int surface_width = cairo_image_surface_get_width(self->surface);
    int surface_height = cairo_image_surface_get_height(self->surface);
    if (surface_width <= 0 || surface_height <= 0 || width <= 0 || height <= 0)
        return;
    cairo_pattern_t *pattern = cairo_pattern_create_raster_source(cairo_surface_reference(self->surface),
                                                                  CAIRO_CONTENT_COLOR, surface_width,
                                                                  surface_height);
    cairo_raster_source_pattern_set_acquire(pattern, flick_frame_source_acquire, flick_frame_source_release);
    cairo_raster_source_pattern_set_copy(pattern, flick_frame_source_copy);
    cairo_raster_source_pattern_set_finish(pattern, flick_frame_source_finish);
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
    gboolean same_size = surface_width == (int) width && surface_height == (int) height;
    cairo_pattern_set_filter(pattern, same_size ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR);
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &GRAPHENE_RECT_INIT(0, 0, width, height));
    cairo_scale(cr, width / surface_width, height / surface_height);
    cairo_set_source(cr, pattern);
    cairo_pattern_destroy(pattern);
    cairo_rectangle(cr, 0, 0, surface_width, surface_height);
    cairo_fill(cr);
    cairo_destroy(cr);
}

static void
flick_frame_paintable_snapshot(GdkPaintable *paintable, GdkSnapshot *snapshot,
                               double width, double height)
{
    FlickFramePaintable *self = FLICK_FRAME_PAINTABLE(paintable);
    if (self->texture != NULL)
        gdk_paintable_snapshot(GDK_PAINTABLE(self->texture), snapshot, width, height);
    else if (self->surface != NULL)
        flick_frame_paintable_snapshot_surface(self, GTK_SNAPSHOT(snapshot), width, height);
}

static int
flick_frame_paintable_get_intrinsic_width(GdkPaintable *paintable)
{
    FlickFramePaintable *self = FLICK_FRAME_PAINTABLE(paintable);
    if (self->texture != NULL)
        return gdk_texture_get_width(self->texture);
    return self->surface != NULL ? cairo_image_surface_get_width(self->surface) : 0;
}

static int
flick_frame_paintable_get_intrinsic_height(GdkPaintable *paintable)
{
    FlickFramePaintable *self = FLICK_FRAME_PAINTABLE(paintable);
    if (self->texture != NULL)
        return gdk_texture_get_height(self->texture);
    return self->surface != NULL ? cairo_image_surface_get_height(self->surface) : 0;
}

static void
flick_frame_paintable_iface_init(GdkPaintableInterface *iface)
{
    iface->snapshot = flick_frame_paintable_snapshot;
    iface->get_intrinsic_width = flick_frame_paintable_get_intrinsic_width;
    iface->get_intrinsic_height = flick_frame_paintable_get_intrinsic_height;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(FlickFramePaintable, flick_frame_paintable, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(GDK_TYPE_PAINTABLE, flick_frame_paintable_iface_init))

static void
flick_frame_paintable_dispose(GObject *object)
{
    FlickFramePaintable *self = FLICK_FRAME_PAINTABLE(object);
    g_clear_object(&self->texture);
    g_clear_pointer(&self->surface, cairo_surface_destroy);
    G_OBJECT_CLASS(flick_frame_paintable_parent_class)->dispose(object);
}

static void
flick_frame_paintable_class_init(FlickFramePaintableClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = flick_frame_paintable_dispose;
}

static void
flick_frame_paintable_init(FlickFramePaintable *self)
{
}

void *
flick_frame_paintable_new(void)
{
    return g_object_new(FLICK_TYPE_FRAME_PAINTABLE, NULL);
}

/* Replaces what the paintable shows with `texture` or `surface` (one of
 * them, or neither), taking a reference to it, and invalidates. */
static void
flick_frame_paintable_replace(FlickFramePaintable *self, GdkTexture *texture, cairo_surface_t *surface)
{
    int old_width = flick_frame_paintable_get_intrinsic_width(GDK_PAINTABLE(self));
    int old_height = flick_frame_paintable_get_intrinsic_height(GDK_PAINTABLE(self));
    g_set_object(&self->texture, texture);
    g_clear_pointer(&self->surface, cairo_surface_destroy);
    if (surface != NULL)
        self->surface = cairo_surface_reference(surface);
    gdk_paintable_invalidate_contents(GDK_PAINTABLE(self));
    if (old_width != flick_frame_paintable_get_intrinsic_width(GDK_PAINTABLE(self)) ||
        old_height != flick_frame_paintable_get_intrinsic_height(GDK_PAINTABLE(self)))
        gdk_paintable_invalidate_size(GDK_PAINTABLE(self));
}

void
flick_frame_paintable_set_texture(void *paintable, void *texture)
{
    FlickFramePaintable *self = paintable;
    g_return_if_fail(FLICK_IS_FRAME_PAINTABLE(self));
    flick_frame_paintable_replace(self, texture, NULL);
}

static const cairo_user_data_key_t flick_frame_bytes_key;

int
flick_frame_paintable_set_opaque_pixels(void *paintable, void *bytes, int width, int height, int stride)
{
    FlickFramePaintable *self = paintable;
    g_return_val_if_fail(FLICK_IS_FRAME_PAINTABLE(self), 0);
    gsize size = 0;
    const guint8 *data = g_bytes_get_data(bytes, &size);
    if (data == NULL || width <= 0 || height <= 0 || stride <= 0 || stride % 4 != 0 ||
        (gsize) stride < (gsize) width * 4 || (gsize) stride * (gsize) (height - 1) + (gsize) width * 4 > size)
        return 0;
    /* Cairo never writes to a source surface; the bytes stay read-only. */
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *) data, CAIRO_FORMAT_RGB24,
                                                                   width, height, stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return 0;
    }
    GBytes *held = g_bytes_ref(bytes);
    if (cairo_surface_set_user_data(surface, &flick_frame_bytes_key, held,
                                    (cairo_destroy_func_t) g_bytes_unref) != CAIRO_STATUS_SUCCESS) {
        g_bytes_unref(held);
        cairo_surface_destroy(surface);
        return 0;
    }
    flick_frame_paintable_replace(self, NULL, surface);
    cairo_surface_destroy(surface);
    return 1;
}
