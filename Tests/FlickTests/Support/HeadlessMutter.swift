import CGLib
import Foundation

/// mutter 43, GNOME's own compositor, headless on a 720×1280 virtual monitor
/// in a D-Bus session of its own, for as long as the value lives. Input
/// reaches its windows through its remote-desktop interface, as GNOME
/// Remote Desktop sends it (see ``RemoteDesktopPointer``).
final class HeadlessMutter {
    static let monitorSize = (width: 720, height: 1280)

    /// The D-Bus session mutter and the app share (AT-SPI finds the app on it).
    let bus: PrivateSessionBus
    private let process = Process()
    /// The PipeWire daemon a screen cast needs (touch events go to a
    /// screen cast's stream), when asked for.
    private let pipewire: Process?
    private let runtime: URL
    /// The Wayland socket's absolute path, for WAYLAND_DISPLAY.
    let waylandDisplay: String

    /// Starts mutter and waits for its socket and its remote-desktop service;
    /// throws, saying what is missing, when it is not installed or does not start.
    ///
    /// - Parameters:
    ///   - monitor: the virtual monitor's size in pixels.
    ///   - withPipeWire: also runs PipeWire in mutter's runtime folder,
    ///     which a screen cast (``touchScreen()``) needs.
    init(monitor: (width: Int, height: Int) = monitorSize, withPipeWire: Bool = false) throws {
        guard let mutter = ["/usr/bin/mutter", "/usr/local/bin/mutter"].first(where: FileManager.default.isExecutableFile) else {
            throw X11.Failure(message: "mutter is not installed (meson-helpers/setup-debian.sh installs it): the touchpad tests need GNOME's compositor")
        }
        bus = try PrivateSessionBus()
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("flick-mutter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        process.executableURL = URL(fileURLWithPath: mutter)
        process.arguments = ["--headless", "--wayland", "--no-x11",
                             "--virtual-monitor", "\(monitor.width)x\(monitor.height)"]
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE"] { environment.removeValue(forKey: name) }
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment.merge(bus.environment) { _, bus in bus }
        process.environment = environment
        if withPipeWire {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pipewire") else {
                throw X11.Failure(message: "PipeWire is not installed (meson-helpers/setup-debian.sh installs it): mutter's screen casts need it")
            }
            let daemon = Process()
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/pipewire")
            daemon.environment = environment
            try daemon.run(loggingTo: runtime.appendingPathComponent("pipewire.log"))
            let socket = runtime.appendingPathComponent("pipewire-0")
            let started = Date().addingTimeInterval(10)
            while daemon.isRunning, !FileManager.default.fileExists(atPath: socket.path), Date() < started { usleep(50_000) }
            pipewire = daemon
        } else {
            pipewire = nil
        }
        let log = runtime.appendingPathComponent("mutter.log")
        try process.run(loggingTo: log)

        let socket = runtime.appendingPathComponent("wayland-0")
        let deadline = Date().addingTimeInterval(20)
        var ready = false
        while process.isRunning, Date() < deadline {
            if FileManager.default.fileExists(atPath: socket.path),
               let owned = try? bus.gdbus(["call", "--session", "--dest", "org.freedesktop.DBus",
                                           "--object-path", "/org/freedesktop/DBus",
                                           "--method", "org.freedesktop.DBus.NameHasOwner", "org.gnome.Mutter.RemoteDesktop"]),
               owned.output.contains("true") {
                ready = true
                break
            }
            usleep(100_000)
        }
        guard ready else {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            process.stop(grace: 3)
            pipewire?.stop(grace: 3)
            try? FileManager.default.removeItem(at: runtime)
            throw X11.Failure(message: "mutter did not start: \(said.suffix(2000))")
        }
        waylandDisplay = socket.path
    }

    deinit {
        process.stop(grace: 3)
        pipewire?.stop(grace: 3)
        bus.stop()
        try? FileManager.default.removeItem(at: runtime)
    }

    /// Environment for the app on this compositor through GTK's Wayland
    /// backend (GDK connects only with a runtime folder: mutter's).
    var waylandEnvironment: [String: String] {
        ["GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": runtime.path].merging(bus.environment) { _, bus in bus }
    }

    /// A remote-desktop session's pointer on this compositor.
    func pointer() throws -> RemoteDesktopPointer {
        try RemoteDesktopPointer(busAddress: bus.address)
    }

    /// A remote-desktop session's touch screen over the whole monitor
    /// (needs `withPipeWire`).
    func touchScreen() throws -> RemoteDesktopTouch {
        try RemoteDesktopTouch(busAddress: bus.address)
    }

}

/// A pointer of a session of `org.gnome.Mutter.RemoteDesktop`, over a D-Bus
/// connection of its own (the session ends with the connection). Scrolls are
/// `NotifyPointerAxis` with the finger source, as GNOME Remote Desktop sends
/// a client's touchpad; mutter 43 drops their finish flag, so no swipe it
/// delivers ever ends with the fingers' lift.
final class RemoteDesktopPointer {
    private let connection: OpaquePointer
    private let session: String
    static let service = "org.gnome.Mutter.RemoteDesktop"
    static let sessionInterface = "org.gnome.Mutter.RemoteDesktop.Session"

    /// `NotifyPointerAxis` flags: the scroll comes from fingers; it is their last.
    static let finger: UInt32 = 4
    static let finish: UInt32 = 1

    init(busAddress: String) throws {
        connection = try Self.connect(busAddress)
        let reply = try Self.call(self.connection, path: "/org/gnome/Mutter/RemoteDesktop",
                                  interface: Self.service, method: "CreateSession", [])
        defer { g_variant_unref(reply) }
        guard let child = g_variant_get_child_value(reply, 0) else { throw X11.Failure(message: "CreateSession answered nothing") }
        defer { g_variant_unref(child) }
        session = String(cString: g_variant_get_string(child, nil))
        try send("Start", [])
    }

    deinit {
        try? send("Stop", [])
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Moves the pointer by (dx, dy) pixels.
    func move(dx: Double, dy: Double) throws {
        try send("NotifyPointerMotionRelative", [g_variant_new_double(dx), g_variant_new_double(dy)])
    }

    /// Puts the pointer at (x, y) of the monitor: far to the top left
    /// corner first (the pointer stops there), then to the point.
    func move(toX x: Int, y: Int) throws {
        try move(dx: -10_000, dy: -10_000)
        try move(dx: Double(x), dy: Double(y))
    }

    /// One scroll of `dy` pixels down (negative: up) from the fingers.
    func scroll(dy: Double, finish: Bool = false) throws {
        try send("NotifyPointerAxis", [g_variant_new_double(0), g_variant_new_double(dy),
                                       g_variant_new_uint32(Self.finger | (finish ? Self.finish : 0))])
    }

    /// A swipe of `pixels` over `milliseconds` in `steps` scrolls, its last
    /// one flagged as the finish (which mutter 43 drops).
    func swipe(pixels: Double, milliseconds: Double, steps: Int = 12) throws {
        for step in 0..<steps {
            if step > 0 { usleep(useconds_t(milliseconds * 1000 / Double(steps))) }
            try scroll(dy: pixels / Double(steps), finish: step == steps - 1)
        }
    }

    /// `count` wheel notches (positive: down) on the vertical axis.
    func notch(_ count: Int32) throws {
        try send("NotifyPointerAxisDiscrete", [g_variant_new_uint32(0), g_variant_new_int32(count)])
    }

    private func send(_ method: String, _ arguments: [OpaquePointer?]) throws {
        let reply = try Self.call(connection, path: session, interface: Self.sessionInterface, method: method, arguments)
        g_variant_unref(reply)
    }

    /// A D-Bus connection of its own to mutter's bus at `address`.
    static func connect(_ address: String) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw failure("cannot reach mutter's bus", error)
        }
        return connection
    }

    /// Calls `method` of `service` with `arguments` (floating GVariants,
    /// consumed) and returns the reply, which the caller unrefs.
    static func call(_ connection: OpaquePointer, service: String = service, path: String, interface: String, method: String,
                     _ arguments: [OpaquePointer?]) throws -> OpaquePointer {
        var children = arguments
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(connection, service, path, interface, method,
                                                      parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) else {
            throw failure("\(method) failed", error)
        }
        return reply
    }

    static func failure(_ what: String, _ error: UnsafeMutablePointer<GError>?) -> X11.Failure {
        let message = error.map { String(cString: $0.pointee.message) } ?? "no reason given"
        if let error { g_error_free(error) }
        return X11.Failure(message: "\(what): \(message)")
    }
}
