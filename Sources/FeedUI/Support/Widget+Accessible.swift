import CFlickGLibShim
import CGLib
import CGtk
import FeedGObject
import FeedMedia

extension Widget {
    /// Sets the accessible description screen readers give after the label.
    public static func setAccessibleDescription(_ widget: WidgetPointer, _ description: String) {
        setAccessibleText(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, on: gopaque(widget))
    }

    /// Hides `widget` and everything in it from assistive technologies
    /// (GTK_ACCESSIBLE_STATE_HIDDEN), or shows it to them again; what is on
    /// screen does not change.
    public static func setAccessibleHidden(_ widget: WidgetPointer, _ hidden: Bool) {
        setAccessibleHidden(accessible: gopaque(widget), hidden)
    }

    /// Names any GtkAccessible (a GtkStackPage is one, not a widget).
    public static func setAccessibleLabel(accessible: OpaquePointer?, _ label: String) {
        setAccessibleText(GTK_ACCESSIBLE_PROPERTY_LABEL, label, on: accessible)
    }

    /// Sets one text property (label, description) of a GtkAccessible.
    private static func setAccessibleText(_ property: GtkAccessibleProperty, _ text: String, on accessible: OpaquePointer?) {
        var property = property
        var value = GValue()
        g_value_init(&value, flick_type_string())
        g_value_set_string(&value, text)
        gtk_accessible_update_property_value(accessible, 1, &property, &value)
        g_value_unset(&value)
    }

    /// Names the scroll bars inside `widget` (a libadwaita status page
    /// scrolls its content; GTK 4.8 names its bars after their class).
    public static func nameScrollbars(in widget: WidgetPointer) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let name = gtk_widget_get_css_name(current), String(cString: name) == "scrollbar" {
                setAccessibleLabel(current, tr("Scroll bar"))
                // Its trough and slider are parts of it, not controls of their own.
                var part = gtk_widget_get_first_child(current)
                while let inner = part {
                    setAccessibleHidden(inner, true)
                    part = gtk_widget_get_next_sibling(inner)
                }
            } else {
                nameScrollbars(in: current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The same for any GtkAccessible (a GtkStackPage is one, not a widget).
    public static func setAccessibleHidden(accessible: OpaquePointer?, _ hidden: Bool) {
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        var value = GValue()
        g_value_init(&value, flick_type_boolean())
        g_value_set_boolean(&value, hidden ? 1 : 0)
        gtk_accessible_update_state_value(accessible, 1, &state, &value)
        g_value_unset(&value)
    }
}
