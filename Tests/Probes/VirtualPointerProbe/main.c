/*
 * A virtual pointer for the touchpad tests: a Wayland client that creates a
 * pointer through wlroots' zwlr_virtual_pointer_v1 protocol (sway) and sends
 * what a touchpad or a wheel does, read as commands from standard input:
 *
 *   at X Y W H     put the pointer at (X, Y) of a W x H output layout
 *   scroll A V     finger scroll of V surface pixels on axis A (v or h)
 *   stop A         the fingers lift: axis_stop on axis A
 *   notch A N      N wheel notches on axis A (positive: down or right)
 *   wait MS        sleep MS milliseconds between events
 *   sync           wait until the compositor has handled everything, print "ok"
 *
 * One command a line; each event is one pointer frame. It exits at the end of
 * its input, or with status 2 and a message on stderr when the compositor
 * has no virtual pointer or a command is malformed.
 *
 * The protocol's two interfaces are written out here (what wayland-scanner
 * would generate from wlr-virtual-pointer-unstable-v1.xml), so the test needs
 * only libwayland-client.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

/* zwlr_virtual_pointer_v1, version 1: requests in the protocol's order. */
enum {
    POINTER_MOTION = 0,
    POINTER_MOTION_ABSOLUTE = 1,
    POINTER_BUTTON = 2,
    POINTER_AXIS = 3,
    POINTER_FRAME = 4,
    POINTER_AXIS_SOURCE = 5,
    POINTER_AXIS_STOP = 6,
    POINTER_AXIS_DISCRETE = 7,
    POINTER_DESTROY = 8,
};
enum { MANAGER_CREATE_VIRTUAL_POINTER = 0, MANAGER_DESTROY = 1 };

static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL, NULL };

static const struct wl_message pointer_requests[] = {
    { "motion", "uff", no_types },
    { "motion_absolute", "uuuuu", no_types },
    { "button", "uuu", no_types },
    { "axis", "uuf", no_types },
    { "frame", "", no_types },
    { "axis_source", "u", no_types },
    { "axis_stop", "uu", no_types },
    { "axis_discrete", "uufi", no_types },
    { "destroy", "", no_types },
};

static const struct wl_interface virtual_pointer_interface = {
    "zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL,
};

static const struct wl_interface *create_types[] = { &wl_seat_interface, &virtual_pointer_interface };

static const struct wl_message manager_requests[] = {
    { "create_virtual_pointer", "?on", create_types },
    { "destroy", "", no_types },
};

static const struct wl_interface manager_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0, NULL,
};

struct globals {
    struct wl_seat *seat;
    struct wl_proxy *manager;
};

static void registry_global(void *data, struct wl_registry *registry, uint32_t name,
                            const char *interface, uint32_t version) {
    (void)version;
    struct globals *globals = data;
    if (strcmp(interface, wl_seat_interface.name) == 0 && globals->seat == NULL) {
        globals->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    } else if (strcmp(interface, manager_interface.name) == 0 && globals->manager == NULL) {
        globals->manager = wl_registry_bind(registry, name, &manager_interface, 1);
    }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

/* Event times in milliseconds of the monotonic clock, as input devices send them. */
static uint32_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

static struct wl_proxy *pointer;


static void frame(void) {
    wl_proxy_marshal_flags(pointer, POINTER_FRAME, NULL, 1, 0);
}

static int axis_named(const char *name, uint32_t *axis) {
    if (strcmp(name, "v") == 0) { *axis = WL_POINTER_AXIS_VERTICAL_SCROLL; return 1; }
    if (strcmp(name, "h") == 0) { *axis = WL_POINTER_AXIS_HORIZONTAL_SCROLL; return 1; }
    return 0;
}

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (display == NULL) {
        fprintf(stderr, "virtual pointer: cannot connect to the Wayland display (WAYLAND_DISPLAY)\n");
        return 2;
    }
    struct globals globals = { NULL, NULL };
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, &globals);
    wl_display_roundtrip(display);
    if (globals.manager == NULL) {
        fprintf(stderr, "virtual pointer: the compositor offers no zwlr_virtual_pointer_manager_v1\n");
        return 2;
    }
    pointer = wl_proxy_marshal_flags(globals.manager, MANAGER_CREATE_VIRTUAL_POINTER, &virtual_pointer_interface,
                                     1, 0, globals.seat, NULL);
    wl_display_roundtrip(display);
    /* sway 1.7 drops the events of a pointer made a moment before (they
     * reach no window); a few milliseconds are enough, 100 are plenty. */
    struct timespec settle = { 0, 100 * 1000000L };
    nanosleep(&settle, NULL);
    wl_display_roundtrip(display);

    char line[256];
    while (fgets(line, sizeof line, stdin) != NULL) {
        char command[16] = "", axis_name[4] = "";
        double a = 0, b = 0;
        unsigned x = 0, y = 0, w = 0, h = 0;
        uint32_t axis = 0;
        if (sscanf(line, "%15s", command) != 1) continue;
        if (strcmp(command, "at") == 0 && sscanf(line, "at %u %u %u %u", &x, &y, &w, &h) == 4 && w > 0 && h > 0) {
            wl_proxy_marshal_flags(pointer, POINTER_MOTION_ABSOLUTE, NULL, 1, 0, now_ms(), x, y, w, h);
            frame();
        } else if (strcmp(command, "scroll") == 0 && sscanf(line, "scroll %3s %lf", axis_name, &a) == 2 && axis_named(axis_name, &axis)) {
            /* wlroots 0.15 files an axis event under the axis its last
             * axis_stop or axis_discrete named, and sets the source on that
             * one: name the axis first, then the value, then the source. */
            uint32_t time = now_ms();
            wl_proxy_marshal_flags(pointer, POINTER_AXIS_STOP, NULL, 1, 0, time, axis);
            wl_proxy_marshal_flags(pointer, POINTER_AXIS, NULL, 1, 0, time, axis, wl_fixed_from_double(a));
            wl_proxy_marshal_flags(pointer, POINTER_AXIS_SOURCE, NULL, 1, 0, (uint32_t)WL_POINTER_AXIS_SOURCE_FINGER);
            frame();
        } else if (strcmp(command, "stop") == 0 && sscanf(line, "stop %3s", axis_name) == 1 && axis_named(axis_name, &axis)) {
            wl_proxy_marshal_flags(pointer, POINTER_AXIS_STOP, NULL, 1, 0, now_ms(), axis);
            wl_proxy_marshal_flags(pointer, POINTER_AXIS_SOURCE, NULL, 1, 0, (uint32_t)WL_POINTER_AXIS_SOURCE_FINGER);
            frame();
        } else if (strcmp(command, "notch") == 0 && sscanf(line, "notch %3s %lf", axis_name, &a) == 2 && axis_named(axis_name, &axis)) {
            /* A wheel notch scrolls 15 pixels, as libinput reports one. */
            wl_proxy_marshal_flags(pointer, POINTER_AXIS_DISCRETE, NULL, 1, 0, now_ms(), axis,
                                   wl_fixed_from_double(15 * a), (int32_t)a);
            wl_proxy_marshal_flags(pointer, POINTER_AXIS_SOURCE, NULL, 1, 0, (uint32_t)WL_POINTER_AXIS_SOURCE_WHEEL);
            frame();
        } else if (strcmp(command, "wait") == 0 && sscanf(line, "wait %lf", &b) == 1 && b >= 0 && b < 60000) {
            wl_display_flush(display);
            struct timespec pause = { (time_t)(b / 1000), (long)((b - (double)(time_t)(b / 1000) * 1000) * 1e6) };
            nanosleep(&pause, NULL);
        } else if (strcmp(command, "sync") == 0) {
            if (wl_display_roundtrip(display) < 0) {
                fprintf(stderr, "virtual pointer: the compositor closed the connection\n");
                return 2;
            }
            printf("ok\n");
            fflush(stdout);
        } else {
            fprintf(stderr, "virtual pointer: cannot read the command: %s", line);
            return 2;
        }
        if (wl_display_flush(display) < 0) {
            fprintf(stderr, "virtual pointer: the compositor closed the connection\n");
            return 2;
        }
    }
    wl_proxy_marshal_flags(pointer, POINTER_DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
