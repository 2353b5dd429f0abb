// See flick-shim.h: boilerplate only, behaviour lives in Swift.
#include <glib-object.h>
#include <gtk/gtk.h>

#include "flick-shim.h"

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

// MARK: FlickCacheSrc

#include <gst/gst.h>
#include <gst/base/gstbasesrc.h>

#define FLICK_CACHE_SRC_SCHEME "flick-cache"

typedef struct {
    GstBaseSrc parent_instance;
    gchar *uri;          // the object lock guards it
    gpointer instance;   // Swift's, from instance_new; fixed for the object's life
} FlickCacheSrc;

typedef struct {
    GstBaseSrcClass parent_class;
} FlickCacheSrcClass;

static FlickCacheSrcHandlers flick_cache_src_handlers;
static gpointer flick_cache_src_class_data;

enum { FLICK_CACHE_SRC_PROP_0, FLICK_CACHE_SRC_PROP_URI };

static void flick_cache_src_uri_handler_init(gpointer g_iface, gpointer iface_data);

G_DEFINE_TYPE_WITH_CODE(FlickCacheSrc, flick_cache_src, GST_TYPE_BASE_SRC,
                        G_IMPLEMENT_INTERFACE(GST_TYPE_URI_HANDLER, flick_cache_src_uri_handler_init))

static GstStaticPadTemplate flick_cache_src_template =
    GST_STATIC_PAD_TEMPLATE("src", GST_PAD_SRC, GST_PAD_ALWAYS, GST_STATIC_CAPS_ANY);

static gboolean
flick_cache_src_apply_uri(FlickCacheSrc *self, const gchar *uri, GError **error)
{
    GstState state;
    GST_OBJECT_LOCK(self);
    state = GST_STATE(self);
    GST_OBJECT_UNLOCK(self);
    if (state != GST_STATE_READY && state != GST_STATE_NULL) {
        g_set_error(error, GST_URI_ERROR, GST_URI_ERROR_BAD_STATE,
                    "Changing the URI of flickcachesrc while it runs is not supported");
        return FALSE;
    }
    if (uri == NULL || flick_cache_src_handlers.set_uri == NULL ||
        !flick_cache_src_handlers.set_uri(self->instance, uri)) {
        g_set_error(error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI, "Not a flick-cache URI: %s",
                    uri != NULL ? uri : "(null)");
        return FALSE;
    }
    GST_OBJECT_LOCK(self);
    g_free(self->uri);
    self->uri = g_strdup(uri);
    GST_OBJECT_UNLOCK(self);
    return TRUE;
}

static void
flick_cache_src_set_property(GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
    FlickCacheSrc *self = (FlickCacheSrc *) object;
    switch (prop_id) {
    case FLICK_CACHE_SRC_PROP_URI:
        flick_cache_src_apply_uri(self, g_value_get_string(value), NULL);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void
flick_cache_src_get_property(GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
    FlickCacheSrc *self = (FlickCacheSrc *) object;
    switch (prop_id) {
    case FLICK_CACHE_SRC_PROP_URI:
        GST_OBJECT_LOCK(self);
        g_value_set_string(value, self->uri);
        GST_OBJECT_UNLOCK(self);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void
flick_cache_src_finalize(GObject *object)
{
    FlickCacheSrc *self = (FlickCacheSrc *) object;
    if (self->instance != NULL && flick_cache_src_handlers.instance_free != NULL)
        flick_cache_src_handlers.instance_free(self->instance);
    self->instance = NULL;
    g_free(self->uri);
    G_OBJECT_CLASS(flick_cache_src_parent_class)->finalize(object);
}

static gboolean
flick_cache_src_start(GstBaseSrc *src)
{
    FlickCacheSrc *self = (FlickCacheSrc *) src;
    return flick_cache_src_handlers.start(self->instance) ? TRUE : FALSE;
}

static gboolean
flick_cache_src_stop(GstBaseSrc *src)
{
    FlickCacheSrc *self = (FlickCacheSrc *) src;
    return flick_cache_src_handlers.stop(self->instance) ? TRUE : FALSE;
}

static gboolean
flick_cache_src_get_size(GstBaseSrc *src, guint64 *size)
{
    FlickCacheSrc *self = (FlickCacheSrc *) src;
    unsigned long long value = 0;
    if (!flick_cache_src_handlers.get_size(self->instance, &value))
        return FALSE;
    *size = value;
    return TRUE;
}

static gboolean
flick_cache_src_is_seekable(GstBaseSrc *src)
{
    return TRUE;
}

static GstFlowReturn
flick_cache_src_fill(GstBaseSrc *src, guint64 offset, guint length, GstBuffer *buffer)
{
    FlickCacheSrc *self = (FlickCacheSrc *) src;
    GstFlowReturn ret = (GstFlowReturn) flick_cache_src_handlers.fill(self->instance, offset, length, buffer);
    if (ret == GST_FLOW_OK) {
        GST_BUFFER_OFFSET(buffer) = offset;
        GST_BUFFER_OFFSET_END(buffer) = offset + gst_buffer_get_size(buffer);
    }
    return ret;
}

static gboolean
flick_cache_src_unlock(GstBaseSrc *src)
{
    FlickCacheSrc *self = (FlickCacheSrc *) src;
    return flick_cache_src_handlers.unlock(self->instance) ? TRUE : FALSE;
}

static gboolean
flick_cache_src_unlock_stop(GstBaseSrc *src)
{
    FlickCacheSrc *self = (FlickCacheSrc *) src;
    return flick_cache_src_handlers.unlock_stop(self->instance) ? TRUE : FALSE;
}

static void
flick_cache_src_class_init(FlickCacheSrcClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GstElementClass *element_class = GST_ELEMENT_CLASS(klass);
    GstBaseSrcClass *base_class = GST_BASE_SRC_CLASS(klass);

    object_class->set_property = flick_cache_src_set_property;
    object_class->get_property = flick_cache_src_get_property;
    object_class->finalize = flick_cache_src_finalize;
    g_object_class_install_property(object_class, FLICK_CACHE_SRC_PROP_URI,
        g_param_spec_string("uri", "URI", "The flick-cache URI to read", NULL,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));

    gst_element_class_add_static_pad_template(element_class, &flick_cache_src_template);
    gst_element_class_set_static_metadata(element_class, "Flick cache source", "Source/Network",
        "Reads an http(s) file through Flick's byte-range disk cache", "Flick");

    base_class->start = flick_cache_src_start;
    base_class->stop = flick_cache_src_stop;
    base_class->get_size = flick_cache_src_get_size;
    base_class->is_seekable = flick_cache_src_is_seekable;
    base_class->fill = flick_cache_src_fill;
    base_class->unlock = flick_cache_src_unlock;
    base_class->unlock_stop = flick_cache_src_unlock_stop;
}

static void
flick_cache_src_init(FlickCacheSrc *self)
{
    gst_base_src_set_format(GST_BASE_SRC(self), GST_FORMAT_BYTES);
    gst_base_src_set_dynamic_size(GST_BASE_SRC(self), TRUE);
    gst_base_src_set_do_timestamp(GST_BASE_SRC(self), FALSE);
    // Push mode (HLS segments read by the demuxer) reads blocks of this size.
    gst_base_src_set_blocksize(GST_BASE_SRC(self), 64 * 1024);
    self->instance = flick_cache_src_handlers.instance_new(self, flick_cache_src_class_data);
}

static GstURIType
flick_cache_src_uri_get_type(GType type)
{
    return GST_URI_SRC;
}

static const gchar *const *
flick_cache_src_uri_get_protocols(GType type)
{
    // The progressive form, and HLS addresses over http and https.
    static const gchar *protocols[] = { FLICK_CACHE_SRC_SCHEME, FLICK_CACHE_SRC_SCHEME "-http",
                                        FLICK_CACHE_SRC_SCHEME "-https", NULL };
    return protocols;
}

static gchar *
flick_cache_src_uri_get_uri(GstURIHandler *handler)
{
    FlickCacheSrc *self = (FlickCacheSrc *) handler;
    gchar *uri;
    GST_OBJECT_LOCK(self);
    uri = g_strdup(self->uri);
    GST_OBJECT_UNLOCK(self);
    return uri;
}

static gboolean
flick_cache_src_uri_set_uri(GstURIHandler *handler, const gchar *uri, GError **error)
{
    return flick_cache_src_apply_uri((FlickCacheSrc *) handler, uri, error);
}

static void
flick_cache_src_uri_handler_init(gpointer g_iface, gpointer iface_data)
{
    GstURIHandlerInterface *iface = (GstURIHandlerInterface *) g_iface;
    iface->get_type = flick_cache_src_uri_get_type;
    iface->get_protocols = flick_cache_src_uri_get_protocols;
    iface->get_uri = flick_cache_src_uri_get_uri;
    iface->set_uri = flick_cache_src_uri_set_uri;
}

int
flick_cache_src_register(const FlickCacheSrcHandlers *handlers, void *class_data)
{
    static gsize registered = 0;
    static gboolean ok = FALSE;
    if (g_once_init_enter(&registered)) {
        flick_cache_src_handlers = *handlers;
        flick_cache_src_class_data = class_data;
        ok = gst_element_register(NULL, "flickcachesrc", GST_RANK_PRIMARY + 1, flick_cache_src_get_type());
        g_once_init_leave(&registered, 1);
    }
    return ok;
}

void
flick_cache_src_post_error(void *element, int code, const char *text, const char *debug,
                           unsigned int http_status, const char *flick_code)
{
    GstStructure *details = gst_structure_new("details", "flick-error-code", G_TYPE_STRING, flick_code, NULL);
    if (http_status != 0)
        gst_structure_set(details, "http-status-code", G_TYPE_UINT, http_status, NULL);
    gst_element_message_full_with_details(GST_ELEMENT(element), GST_MESSAGE_ERROR, GST_RESOURCE_ERROR, code,
                                          g_strdup(text), g_strdup(debug), __FILE__, G_STRFUNC, __LINE__,
                                          details);
}

char *flick_playbin_text_language(void *playbin, int index) {
    GstTagList *tags = NULL;
    g_signal_emit_by_name(playbin, "get-text-tags", index, &tags);
    if (tags == NULL) return NULL;
    gchar *code = NULL;
    if (!gst_tag_list_get_string(tags, GST_TAG_LANGUAGE_CODE, &code)) code = NULL;
    gst_tag_list_unref(tags);
    return code;
}
