import CFlickGLibShim
import CGLib
import CGtk
import FeedGObject
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
        setAccessibleLabel(accessible: gopaque(widget), label)
    }

    /// Whether the user wants animations (GtkSettings:gtk-enable-animations).
    static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        return flick_object_get_boolean(settings.rawGObject, "gtk-enable-animations") != 0
    }
}

