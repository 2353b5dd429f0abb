import CGLib
import CGtk
import FeedGObject
import FeedUI

/// A combo row choosing one value of an enumerated setting: choosing saves
/// it, and ``show()`` picks what the setting says again after it changed
/// elsewhere (a key, MPRIS, the gsettings tool). GTK thread only; owned by
/// the ``PreferencesWindow``, whose window keeps the row alive.
@MainActor
final class ChoiceRow {
    let row: WidgetPointer
    /// The index of the setting's value now, among the labels.
    private let selected: () -> Int
    private var connection: SignalConnection?

    /// `labels` in the order of the values; `select` saves the value at an index.
    init(title: String, subtitle: String, labels: [String], selected: @escaping () -> Int,
         select: @escaping (Int) -> Void) {
        self.selected = selected
        row = adw_combo_row_new()!
        PlainText.setTitle(title, subtitle: subtitle, of: row)
        adw_preferences_row_set_use_underline(gcast(row), 1)
        let model = gtk_string_list_new(nil)!
        for label in labels { gtk_string_list_append(model, label) }
        adw_combo_row_set_model(gcast(row), gopaque(model))
        g_object_unref(model.rawGObject)
        show()
        let row = self.row
        connection = Signals.connect(row, "notify::selected") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self else { return }
            let index = Int(adw_combo_row_get_selected(gcast(row)))
            guard (0..<labels.count).contains(index), index != self.selected() else { return }
            select(index)
        }
    }

    /// Picks the setting's value now.
    func show() {
        let index = selected()
        if Int(adw_combo_row_get_selected(gcast(row))) != index {
            adw_combo_row_set_selected(gcast(row), guint(index))
        }
    }
}
