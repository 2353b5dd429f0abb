import CFlickShim
import CGLib
import CGtk
import FeedMedia

extension Widget {
    /// Sets the accessible description screen readers give after the label.
    public static func setAccessibleDescription(_ widget: WidgetPointer, _ description: String) {
        var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
        var value = GValue()
        g_value_init(&value, flick_type_string())
        g_value_set_string(&value, description)
        gtk_accessible_update_property_value(gopaque(widget), 1, &property, &value)
        g_value_unset(&value)
    }
}
