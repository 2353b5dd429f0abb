import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FeedUI
import Foundation

/// The keys that are really bound, read back from GTK: the application's
/// accelerators (every action GtkApplication has keys for) and the
/// shortcuts of the feed widget's own shortcut controllers. Keyed by the
/// action's title in the tables (an action of no table keeps its GTK name,
/// so a comparison with the shortcuts window shows it). GTK thread only.
@MainActor
enum BoundShortcuts {
    /// Title → normalized, sorted keys.
    static func read(application: UnsafeMutablePointer<GtkApplication>, feed: WidgetPointer?) -> [String: [String]] {
        var byAction: [String: [String]] = [:]
        for name in Accelerator.strings(consuming: gtk_application_list_action_descriptions(application)) {
            let keys = Accelerator.strings(consuming: gtk_application_get_accels_for_action(application, name))
            if !keys.isEmpty { byAction[name, default: []] += keys }
        }
        if let feed {
            for (name, keys) in feedShortcuts(feed) { byAction[name, default: []] += keys }
        }
        var result: [String: [String]] = [:]
        for (name, keys) in byAction {
            // `win.switch-source(3)`: the action is the name before its target.
            let action = name.split(separator: "(", maxSplits: 1).first.map(String.init) ?? name
            let title = ShortcutGroup.Action(detailedName: action)?.title ?? name
            result[title, default: []] += Accelerator.normalized(keys)
        }
        return result.mapValues { $0.sorted() }
    }

    /// Named-action shortcuts held by the shortcut controllers on `widget`.
    private static func feedShortcuts(_ widget: WidgetPointer) -> [String: [String]] {
        var result: [String: [String]] = [:]
        guard let controllers = gtk_widget_observe_controllers(widget) else { return result }
        defer { g_object_unref(controllers.rawGObject) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let controller = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(controller) }
            guard isA(controller, gtk_shortcut_controller_get_type()) else { continue }
            let shortcuts = OpaquePointer(controller)
            for position in 0..<g_list_model_get_n_items(shortcuts) {
                guard let shortcut = g_list_model_get_item(shortcuts, position) else { continue }
                defer { g_object_unref(shortcut) }
                guard let action = gtk_shortcut_get_action(gopaque(shortcut)),
                      isA(UnsafeMutableRawPointer(action), gtk_named_action_get_type()),
                      let name = gtk_named_action_get_action_name(gopaque(UnsafeMutableRawPointer(action))),
                      let trigger = gtk_shortcut_get_trigger(gopaque(shortcut)),
                      let text = gtk_shortcut_trigger_to_string(trigger) else { continue }
                defer { g_free(text) }
                result[String(cString: name), default: []].append(String(cString: text))
            }
        }
        return result
    }

    private static func isA(_ object: UnsafeMutableRawPointer, _ type: GType) -> Bool {
        g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }
}
