import CGLib
import CGtk
import CFlickShim
import FeedMedia

/// A GTK widget pointer. FeedUI's types hold their widgets through
/// `GObjectRef` and reach the C struct with these casts, kept in one place.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension GObjectRef {
    /// The object as a GtkWidget.
    public var widget: WidgetPointer { pointer(as: GtkWidget.self) }
}

@MainActor
public enum Widget {
    /// Adds CSS classes to a widget.
    static func addClasses(_ widget: WidgetPointer, _ classes: String...) {
        for name in classes { gtk_widget_add_css_class(widget, name) }
    }

    /// Sets the accessible label that screen readers announce for `widget`.
    public static func setAccessibleLabel(_ widget: WidgetPointer, _ label: String) {
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        var value = GValue()
        g_value_init(&value, flick_type_string())
        g_value_set_string(&value, label)
        gtk_accessible_update_property_value(gopaque(widget), 1, &property, &value)
        g_value_unset(&value)
    }

    /// Whether the user wants animations (GtkSettings:gtk-enable-animations).
    static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        return flick_object_get_boolean(settings.rawGObject, "gtk-enable-animations") != 0
    }
}

