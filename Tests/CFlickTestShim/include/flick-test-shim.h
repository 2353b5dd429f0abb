// Signal emission for the tests: g_signal_emit_by_name is variadic, which
// Swift cannot call.
#pragma once

/// Emits a GtkEventControllerScroll's "scroll" (dx, dy); returns whether a
/// handler took it.
int flick_test_emit_scroll(void *controller, double dx, double dy);

/// Emits "decelerate" (velocity x, velocity y) on a scroll controller.
void flick_test_emit_decelerate(void *controller, double vx, double vy);

/// Emits a signal that takes no arguments and returns nothing.
void flick_test_emit(void *object, const char *signal);
