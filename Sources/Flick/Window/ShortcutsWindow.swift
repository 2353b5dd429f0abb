import CFlickGLibShim
import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// The keyboard shortcuts window (GtkShortcutsWindow), generated from the
/// same tables the bindings use (`ShortcutGroup`, `FeedAction`,
/// `WindowAction`). GTK 4.8 can only fill a shortcuts window from a
/// GtkBuilder description, so the tables are written out as one.
/// GTK thread only.
@MainActor
final class ShortcutsWindow {
    /// The GtkShortcutsWindow. GTK destroys it when it is closed.
    let window: GObjectRef

    /// Builds the window over `parent`; nil (after logging why) when GTK
    /// refuses the description, which would be a bug in `description`.
    init?(transientFor parent: WidgetPointer) {
        let builder = gtk_builder_new()!
        defer { g_object_unref(builder.rawGObject) }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, Self.description(), -1, &error) != 0,
              let object = gtk_builder_get_object(builder, Self.objectID),
              let window = GObjectRef(retaining: object) else {
            Log.error("could not build the shortcuts window: \(error.map { String(cString: $0.pointee.message) } ?? "no window in the description")")
            if let error { g_error_free(error) }
            return nil
        }
        self.window = window
        gtk_window_set_transient_for(gcast(window.widget), gcast(parent))
        gtk_window_set_modal(gcast(window.widget), 1)
    }

    func present() { gtk_window_present(gcast(window.widget)) }

    /// What the window lists, read back from its widgets: each shortcut's
    /// title and its keys (normalized, sorted). The search page's copies
    /// are left out: only shortcuts inside sections count.
    var listed: [String: [String]] {
        var result: [String: [String]] = [:]
        for section in Self.descendants(of: window.widget, ofType: gtk_shortcuts_section_get_type()) {
            for shortcut in Self.descendants(of: section, ofType: gtk_shortcuts_shortcut_get_type()) {
                let title = Self.string(shortcut, "title")
                let keys = Self.string(shortcut, "accelerator").split(separator: " ").map(String.init)
                result[title, default: []] += Accelerator.normalized(keys)
            }
        }
        return result.mapValues { $0.sorted() }
    }

    private static let objectID = "shortcuts"

    /// The GtkBuilder description of the window: one section, a group per
    /// `ShortcutGroup`, a shortcut per action with keys.
    static func description(groups: [ShortcutGroup] = ShortcutGroup.allCases) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="\(objectID)">
            <property name="title">Keyboard Shortcuts</property>
            <child>
              <object class="GtkShortcutsSection">
                <property name="section-name">shortcuts</property>
                <property name="max-height">12</property>

        """
        for group in groups {
            xml += """
                    <child>
                      <object class="GtkShortcutsGroup">
                        <property name="title">\(escaped(group.title))</property>

            """
            for action in group.actions where !action.accelerators.isEmpty {
                xml += """
                            <child>
                              <object class="GtkShortcutsShortcut">
                                <property name="title">\(escaped(action.title))</property>
                                <property name="accelerator">\(escaped(action.accelerators.joined(separator: " ")))</property>
                              </object>
                            </child>

                """
            }
            xml += """
                      </object>
                    </child>

            """
        }
        xml += """
              </object>
            </child>
          </object>
        </interface>
        """
        return xml
    }

    /// `text` safe inside an XML element.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Every widget under `root` (not `root` itself) that is a `type`, depth first.
    private static func descendants(of root: WidgetPointer, ofType type: GType) -> [WidgetPointer] {
        var found: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0 {
                found.append(widget)
            }
            found += descendants(of: widget, ofType: type)
            child = gtk_widget_get_next_sibling(widget)
        }
        return found
    }

    /// A string property of `object` ("" when unset).
    private static func string(_ object: WidgetPointer, _ property: String) -> String {
        guard let value = flick_object_get_string(object.rawGObject, property) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }
}
