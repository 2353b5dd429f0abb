import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FeedUI

/// Preference rows bound to settings keys: the widget and the key stay
/// equal both ways through `g_settings_bind`, so a change is saved at once
/// and a change from elsewhere (the gsettings tool) shows at once. GTK
/// thread only.
@MainActor
enum PreferenceRows {
    /// An AdwActionRow with a title (underline: mnemonic) and an optional subtitle.
    static func actionRow(title: String, subtitle: String? = nil) -> WidgetPointer {
        let row = adw_action_row_new()!
        PlainText.setTitle(title, subtitle: subtitle, of: row)
        adw_preferences_row_set_use_underline(gcast(row), 1)
        return row
    }

    /// A row with a switch bound to the boolean `key`.
    static func switchRow(_ key: SettingsKey, title: String, subtitle: String, settings: AppSettings) -> WidgetPointer {
        let row = actionRow(title: title, subtitle: subtitle)
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        settings.bind(key, to: toggle, property: "active")
        adw_action_row_add_suffix(gcast(row), toggle)
        adw_action_row_set_activatable_widget(gcast(row), toggle)
        return row
    }

    /// A spin button over the number `key`'s range (from the schema, so a
    /// value outside it cannot be entered), bound to the key.
    static func spinButton(_ key: SettingsKey, settings: AppSettings, step: Double = 1) -> WidgetPointer {
        let range = settings.range(of: key) ?? 0...Int64(Int32.max)
        let spin = gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), step)!
        gtk_spin_button_set_numeric(gopaque(spin), 1)
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        settings.bind(key, to: spin, property: "value")
        return spin
    }

    /// A row with a spin button bound to the number `key`.
    static func spinRow(_ key: SettingsKey, title: String, subtitle: String, settings: AppSettings) -> WidgetPointer {
        let row = actionRow(title: title, subtitle: subtitle)
        let spin = spinButton(key, settings: settings)
        adw_action_row_add_suffix(gcast(row), spin)
        adw_action_row_set_activatable_widget(gcast(row), spin)
        return row
    }

    /// A row with a slider from 0 to 1 bound to the number `key`.
    static func scaleRow(_ key: SettingsKey, title: String, subtitle: String, settings: AppSettings) -> WidgetPointer {
        let row = actionRow(title: title, subtitle: subtitle)
        let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.05)!
        gtk_scale_set_draw_value(gcast(scale), 0)
        gtk_widget_set_size_request(scale, 160, -1)
        gtk_widget_set_valign(scale, GTK_ALIGN_CENTER)
        Widget.setAccessibleLabel(scale, title.replacingOccurrences(of: "_", with: ""))
        if let adjustment = gtk_range_get_adjustment(gcast(scale)) {
            settings.bind(key, to: adjustment, property: "value")
        }
        adw_action_row_add_suffix(gcast(row), scale)
        adw_action_row_set_activatable_widget(gcast(row), scale)
        return row
    }

    /// A row with a button; `action` runs when it is clicked.
    static func buttonRow(title: String, subtitle: String, button label: String,
                          destructive: Bool = false, connections: inout [SignalConnection],
                          _ action: @escaping @MainActor () -> Void) -> WidgetPointer {
        let row = actionRow(title: title, subtitle: subtitle)
        let button = gtk_button_new_with_mnemonic(label)!
        // Screen readers hear the words, not the mnemonic's underscore.
        Widget.setAccessibleLabel(button, label.replacingOccurrences(of: "_", with: ""))
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        if destructive { gtk_widget_add_css_class(button, "destructive-action") }
        if let connection = Signals.connect(button, "clicked", action) { connections.append(connection) }
        adw_action_row_add_suffix(gcast(row), button)
        return row
    }
}
