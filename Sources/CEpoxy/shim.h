// libepoxy's OpenGL entry points, for the one question Flick asks OpenGL:
// which renderer a context runs on. GTK itself draws through libepoxy, so
// this adds no library to the process.
#include <epoxy/gl.h>

/// GL_RENDERER of the current context, or NULL. libepoxy's glGetString is
/// a macro over a mutable function pointer, which Swift 6 cannot call
/// without a data-race diagnostic; this names the one call.
static inline const char *flick_gl_renderer(void) {
    return (const char *) glGetString(GL_RENDERER);
}
