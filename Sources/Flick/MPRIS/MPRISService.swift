import CGLib
import FeedCore
import FeedGObject
import FlickTooling
import Foundation

/// Flick as an MPRIS player on the session bus, so media keys, the
/// desktop's media controls and `playerctl` can play, pause and page the
/// feed, and show the current post.
///
/// GDBus plumbing only: it owns `org.mpris.MediaPlayer2.flick` (or
/// `….instance<pid>` when another Flick has it), exports both interfaces at
/// `/org/mpris/MediaPlayer2`, answers calls through `Controls` and announces
/// changed properties (PropertiesChanged) when `update()` finds them.
/// Without a session bus it does nothing. GTK thread only: GDBus calls back
/// on the main context it was started from.
@MainActor
final class MPRISService {
    /// What the player does and reads on the app's side.
    struct Controls {
        /// The feed now, as MPRIS sees it.
        var state: @MainActor () -> MPRISState
        var next: @MainActor () -> Void
        var previous: @MainActor () -> Void
        var play: @MainActor () -> Void
        var pause: @MainActor () -> Void
        /// The current video's position in seconds, when known.
        var position: @MainActor () -> Double?
        /// Seeks the current video to a time in seconds.
        var seek: @MainActor (Double) -> Void
        var setMuted: @MainActor (Bool) -> Void
        /// Sets the volume (0…1, cubic); mute stays as it is.
        var setVolume: @MainActor (Double) -> Void
        /// Sets the speed; false for one Flick does not play at.
        var setRate: @MainActor (Double) -> Bool
        /// Sets `when-finished` (LoopStatus).
        var setWhenFinished: @MainActor (WhenFinished) -> Void
        var raise: @MainActor () -> Void
        var quit: @MainActor () -> Void
    }

    private let controls: Controls
    private let desktopEntry: String
    /// What the properties said when last announced.
    private var announced = MPRISState()
    private var ownerID: guint = 0
    /// The session bus while objects are exported on it (one reference).
    private var connection: OpaquePointer?
    private var registrations: [guint] = []
    /// The bus name held now, nil until acquired or without a bus.
    private(set) var ownedName: String?
    /// Reaches the service from GDBus's C callbacks without keeping it alive.
    private let weakSelf = WeakMPRIS()

    init(controls: Controls, desktopEntry: String) {
        self.controls = controls
        self.desktopEntry = desktopEntry
        weakSelf.service = self
        announced = controls.state()
        own(MPRISInterface.busName)
    }

    /// Re-reads the feed and announces the properties that changed.
    func update() {
        let state = controls.state()
        let changed = state.changed(from: announced)
        announced = state
        guard !changed.isEmpty, let connection else { return }
        let values = changed.map { ($0.rawValue, state.value(of: $0).variant()) }
        var children: [OpaquePointer?] = [g_variant_new_string(MPRISInterface.player.name), MPRISValue.dictionary(values),
                                          MPRISValue.strings([]).variant()]
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        emit("PropertiesChanged", interface: MPRISInterface.propertiesInterface, parameters: parameters, on: connection)
    }

    /// Gives the bus name back and withdraws the objects (the app is closing).
    func stop() {
        if ownerID != 0 { g_bus_unown_name(ownerID) }
        ownerID = 0
        unregister()
    }

    // MARK: The bus name

    private func own(_ name: String) {
        let data = Unmanaged.passRetained(weakSelf).toOpaque()
        ownerID = g_bus_own_name(G_BUS_TYPE_SESSION, name, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE, { connection, _, data in
            guard let connection, let data else { return }
            let weak = Unmanaged<WeakMPRIS>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { weak.service?.register(on: connection) }
        }, { _, name, data in
            guard let name, let data else { return }
            let weak = Unmanaged<WeakMPRIS>.fromOpaque(data).takeUnretainedValue()
            let owned = String(cString: name)
            MainActor.assumeIsolated { weak.service?.ownedName = owned }
        }, { connection, name, data in
            guard let data else { return }
            let weak = Unmanaged<WeakMPRIS>.fromOpaque(data).takeUnretainedValue()
            let lost = name.map { String(cString: $0) }
            let hasBus = connection != nil
            MainActor.assumeIsolated { weak.service?.lost(lost, hasBus: hasBus) }
        }, data, { data in
            if let data { Unmanaged<WeakMPRIS>.fromOpaque(data).release() }
        })
    }

    /// No bus (nothing to do), or another Flick holds the name: take this
    /// process's own instance name, as MPRIS suggests.
    private func lost(_ name: String?, hasBus: Bool) {
        ownedName = nil
        guard hasBus else {
            Log.info("no session bus: media keys and desktop media controls will not see Flick")
            return
        }
        guard name == MPRISInterface.busName else { return }
        g_bus_unown_name(ownerID)
        own("\(MPRISInterface.busName).instance\(getpid())")
    }

    // MARK: Objects

    private func register(on bus: OpaquePointer) {
        guard connection != bus else { return } // the instance name reuses the same connection
        unregister()
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(MPRISInterface.introspection, &error) else {
            Log.error("MPRIS introspection data is invalid: \(error.map { String(cString: $0.pointee.message) } ?? "")")
            if let error { g_error_free(error) }
            return
        }
        defer { g_dbus_node_info_unref(node) }
        var vtable = GDBusInterfaceVTable(method_call: methodCallThunk, get_property: getPropertyThunk, set_property: setPropertyThunk,
                                          padding: (nil, nil, nil, nil, nil, nil, nil, nil))
        for interface in MPRISInterface.allCases {
            guard let info = g_dbus_node_info_lookup_interface(node, interface.name) else { continue }
            let data = Unmanaged.passRetained(weakSelf).toOpaque()
            let id = g_dbus_connection_register_object(bus, MPRISInterface.objectPath, info, &vtable, data, { data in
                if let data { Unmanaged<WeakMPRIS>.fromOpaque(data).release() }
            }, &error)
            if id == 0 {
                Log.warning("could not export \(interface.name): \(error.map { String(cString: $0.pointee.message) } ?? "")")
                if let failure = error { g_error_free(failure) }
                error = nil
            } else {
                registrations.append(id)
            }
        }
        g_object_ref(UnsafeMutableRawPointer(bus))
        connection = bus
    }

    private func unregister() {
        guard let connection else { return }
        for id in registrations { g_dbus_connection_unregister_object(connection, id) }
        registrations.removeAll()
        g_object_unref(UnsafeMutableRawPointer(connection))
        self.connection = nil
    }

    private func emit(_ signal: String, interface: String, parameters: OpaquePointer?, on connection: OpaquePointer) {
        var error: UnsafeMutablePointer<GError>?
        if g_dbus_connection_emit_signal(connection, nil, MPRISInterface.objectPath, interface, signal, parameters, &error) == 0 {
            Log.warning("could not send \(signal): \(error.map { String(cString: $0.pointee.message) } ?? "")")
            if let error { g_error_free(error) }
        }
    }

    // MARK: Calls

    /// Carries out a method call; returns the D-Bus error to answer with, if any.
    fileprivate func call(_ interface: String, _ method: String, _ parameters: OpaquePointer?) -> (name: String, message: String)? {
        switch (MPRISInterface(rawValue: interface), method) {
        case (.root, "Raise"): controls.raise()
        case (.root, "Quit"): controls.quit()
        case (.player, "Next"): controls.next()
        case (.player, "Previous"): controls.previous()
        case (.player, "Play"): controls.play()
        case (.player, "Pause"), (.player, "Stop"): controls.pause()
        case (.player, "PlayPause"):
            if controls.state().status == .playing { controls.pause() } else { controls.play() }
        case (.player, "Seek"):
            guard let offset = parameters.flatMap({ Self.int64(child: 0, of: $0) }) else { break }
            seek(by: Double(offset) / 1_000_000)
        case (.player, "SetPosition"):
            guard let parameters, let track = Self.string(child: 0, of: parameters),
                  let position = Self.int64(child: 1, of: parameters) else { break }
            setPosition(Double(position) / 1_000_000, track: track)
        case (.player, "OpenUri"):
            return ("org.freedesktop.DBus.Error.NotSupported", "Flick opens feeds from its window, not from MPRIS")
        default:
            return ("org.freedesktop.DBus.Error.UnknownMethod", "No method \(method) in \(interface)")
        }
        update()
        return nil
    }

    /// MPRIS's Seek: relative; before the start means the start, past the
    /// end means the next track.
    private func seek(by offset: Double) {
        let state = controls.state()
        guard state.item?.kind.isPlayed == true, let position = controls.position() else { return }
        let target = max(0, position + offset)
        if let duration = state.duration, target > duration {
            controls.next()
            return
        }
        controls.seek(target)
        seeked(to: target)
    }

    /// MPRIS's SetPosition: absolute, only for the current track and inside it.
    private func setPosition(_ seconds: Double, track: String) {
        let state = controls.state()
        guard track == state.trackID, seconds >= 0, seconds <= (state.duration ?? .infinity) else { return }
        controls.seek(seconds)
        seeked(to: seconds)
    }

    private func seeked(to seconds: Double) {
        guard let connection else { return }
        var children: [OpaquePointer?] = [g_variant_new_int64(gint64(saturatingRounded: seconds * 1_000_000))]
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        emit("Seeked", interface: MPRISInterface.player.name, parameters: parameters, on: connection)
    }

    /// A property's value as a floating GVariant; nil for an unknown one.
    fileprivate func property(_ interface: String, _ name: String) -> OpaquePointer? {
        switch MPRISInterface(rawValue: interface) {
        case .root?:
            return MPRISState.rootProperties(desktopEntry: desktopEntry)[name]?.variant()
        case .player?:
            if name == "Position" {
                return g_variant_new_int64(gint64(saturatingRounded: (controls.position() ?? 0) * 1_000_000))
            }
            if let constant = MPRISState.constantPlayerProperties[name] { return constant.variant() }
            return MPRISState.PlayerProperty(rawValue: name).map { controls.state().value(of: $0).variant() }
        case nil:
            return nil
        }
    }

    /// Sets a writable property: Volume is the volume heard (above 0
    /// unmutes at it, 0 mutes: ``HeardVolume``), Rate the speed (0 pauses, as MPRIS says), LoopStatus takes
    /// Track and None. Returns false for anything else.
    fileprivate func setProperty(_ interface: String, _ name: String, _ value: OpaquePointer) -> Bool {
        guard MPRISInterface(rawValue: interface) == .player else { return false }
        switch name {
        case "Volume":
            guard String(cString: g_variant_get_type_string(value)) == "d" else { return false }
            guard let change = HeardVolume.set(g_variant_get_double(value)) else { return false }
            if let volume = change.volume { controls.setVolume(volume) }
            controls.setMuted(change.muted)
            update()
            return true
        case "Rate":
            guard String(cString: g_variant_get_type_string(value)) == "d" else { return false }
            let rate = g_variant_get_double(value)
            if rate == 0 {
                controls.pause()
            } else if !controls.setRate(rate) {
                return false
            }
            update()
            return true
        case "LoopStatus":
            guard String(cString: g_variant_get_type_string(value)) == "s",
                  let choice = MPRISState.whenFinished(loopStatus: String(cString: g_variant_get_string(value, nil))) else {
                return false
            }
            controls.setWhenFinished(choice)
            update()
            return true
        default:
            return false
        }
    }

    private static func int64(child index: Int, of tuple: OpaquePointer) -> Int64? {
        guard g_variant_n_children(tuple) > index, let child = g_variant_get_child_value(tuple, gsize(index)) else { return nil }
        defer { g_variant_unref(child) }
        guard String(cString: g_variant_get_type_string(child)) == "x" else { return nil }
        return Int64(g_variant_get_int64(child))
    }

    private static func string(child index: Int, of tuple: OpaquePointer) -> String? {
        guard g_variant_n_children(tuple) > index, let child = g_variant_get_child_value(tuple, gsize(index)) else { return nil }
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }
}

/// Lets GDBus's callbacks reach the service without keeping it alive.
@MainActor
final class WeakMPRIS {
    weak var service: MPRISService?
}

// MARK: GDBus's vtable (C functions, called on the GTK thread's main context)

private let methodCallThunk: GDBusInterfaceMethodCallFunc = { _, _, _, interface, method, parameters, invocation, data in
    guard let interface, let method, let invocation, let data else { return }
    let weak = Unmanaged<WeakMPRIS>.fromOpaque(data).takeUnretainedValue()
    let interfaceName = String(cString: interface)
    let methodName = String(cString: method)
    // GDBus calls this on the GTK thread, which uses the parameters before returning.
    let failure = BorrowedOnMain.run(parameters) { weak.service?.call(interfaceName, methodName, $0) }
    if let failure {
        g_dbus_method_invocation_return_dbus_error(invocation, failure.name, failure.message)
    } else {
        g_dbus_method_invocation_return_value(invocation, nil)
    }
}

private let getPropertyThunk: GDBusInterfaceGetPropertyFunc = { _, _, _, interface, name, error, data in
    guard let interface, let name, let data else { return nil }
    let weak = Unmanaged<WeakMPRIS>.fromOpaque(data).takeUnretainedValue()
    let interfaceName = String(cString: interface)
    let propertyName = String(cString: name)
    // The pointer crosses the isolation boundary as its address.
    let address = MainActor.assumeIsolated { weak.service?.property(interfaceName, propertyName).map { Int(bitPattern: $0) } }
    let value = address.flatMap { OpaquePointer(bitPattern: $0) }
    if value == nil {
        error?.pointee = g_error_new_literal(g_dbus_error_quark(), gint(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue),
                                             "No property \(propertyName) in \(interfaceName)")
    }
    return value
}

private let setPropertyThunk: GDBusInterfaceSetPropertyFunc = { _, _, _, interface, name, value, error, data in
    guard let interface, let name, let value, let data else { return 0 }
    let weak = Unmanaged<WeakMPRIS>.fromOpaque(data).takeUnretainedValue()
    let interfaceName = String(cString: interface)
    let propertyName = String(cString: name)
    // GDBus calls this on the GTK thread, which uses the value before returning.
    let done = BorrowedOnMain.run(value) { weak.service?.setProperty(interfaceName, propertyName, $0) ?? false }
    if !done {
        error?.pointee = g_error_new_literal(g_dbus_error_quark(), gint(G_DBUS_ERROR_PROPERTY_READ_ONLY.rawValue),
                                             "\(propertyName) cannot be set to that value")
    }
    return done ? 1 : 0
}
