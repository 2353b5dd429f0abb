#include <glib-object.h>
#include "flick-test-shim.h"

int flick_test_emit_scroll(void *controller, double dx, double dy) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "scroll", dx, dy, &handled);
    return handled;
}

void flick_test_emit_decelerate(void *controller, double vx, double vy) {
    g_signal_emit_by_name(controller, "decelerate", vx, vy);
}

void flick_test_emit(void *object, const char *signal) {
    g_signal_emit_by_name(object, signal);
}
