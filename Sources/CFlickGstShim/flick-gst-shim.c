// See flick-gst-shim.h: boilerplate only, behaviour lives in Swift.
#include <glib-object.h>
#include <gst/gst.h>
#include <gst/base/gstbasesrc.h>

#include "flick-gst-shim.h"

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
