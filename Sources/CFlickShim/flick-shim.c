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

struct _FlickFramePaintable {
    GObject parent_instance;
    GdkTexture *texture;
};

static void
flick_frame_paintable_snapshot(GdkPaintable *paintable, GdkSnapshot *snapshot,
                               double width, double height)
{
    FlickFramePaintable *self = FLICK_FRAME_PAINTABLE(paintable);
    if (self->texture != NULL)
        gdk_paintable_snapshot(GDK_PAINTABLE(self->texture), snapshot, width, height);
}

static int
flick_frame_paintable_get_intrinsic_width(GdkPaintable *paintable)
{
    FlickFramePaintable *self = FLICK_FRAME_PAINTABLE(paintable);
    return self->texture != NULL ? gdk_texture_get_width(self->texture) : 0;
}

static int
flick_frame_paintable_get_intrinsic_height(GdkPaintable *paintable)
{
    FlickFramePaintable *self = FLICK_FRAME_PAINTABLE(paintable);
    return self->texture != NULL ? gdk_texture_get_height(self->texture) : 0;
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

void
flick_frame_paintable_set_texture(void *paintable, void *texture)
{
    FlickFramePaintable *self = paintable;
    g_return_if_fail(FLICK_IS_FRAME_PAINTABLE(self));
    int old_width = flick_frame_paintable_get_intrinsic_width(GDK_PAINTABLE(self));
    int old_height = flick_frame_paintable_get_intrinsic_height(GDK_PAINTABLE(self));
    g_set_object(&self->texture, texture);
    gdk_paintable_invalidate_contents(GDK_PAINTABLE(self));
    if (old_width != flick_frame_paintable_get_intrinsic_width(GDK_PAINTABLE(self)) ||
        old_height != flick_frame_paintable_get_intrinsic_height(GDK_PAINTABLE(self)))
        gdk_paintable_invalidate_size(GDK_PAINTABLE(self));
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
