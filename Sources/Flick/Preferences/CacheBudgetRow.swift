import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI

/// One cache's row in the preferences: its budget (a spin button bound to
/// the budget key, in MB) and beside it what it holds now, as a level bar
/// and a label ("132 MB of 500 MB"). GTK thread only.
@MainActor
final class CacheBudgetRow {
    /// The AdwActionRow (owned by its group once added).
    let row: WidgetPointer
    let kind: CacheKey.Kind
    /// The budget key, in MB.
    let key: SettingsKey
    private let levelBar: WidgetPointer
    private let label: WidgetPointer

    init(kind: CacheKey.Kind, settings: AppSettings) {
        self.kind = kind
        key = kind == .video ? .videoCacheBudgetMB : .imageCacheBudgetMB
        row = PreferenceRows.actionRow(title: kind == .video ? tr("Video cache") : tr("Image cache"),
                                       subtitle: kind == .video ? tr("Largest size of downloaded videos, in MB")
                                                                : tr("Largest size of pictures and posters, in MB"))
        label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "caption")
        gtk_widget_add_css_class(label, "numeric")
        gtk_label_set_xalign(gopaque(label), 1)
        levelBar = gtk_level_bar_new_for_interval(0, 1)!
        gtk_widget_set_size_request(levelBar, 120, -1)
        let usage = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_set_valign(usage, GTK_ALIGN_CENTER)
        gtk_box_append(gcast(usage), label)
        gtk_box_append(gcast(usage), levelBar)
        let spin = PreferenceRows.spinButton(key, settings: settings, step: 10)
        adw_action_row_add_suffix(gcast(row), usage)
        adw_action_row_add_suffix(gcast(row), spin)
        adw_action_row_set_activatable_widget(gcast(row), spin)
    }

    /// Shows `bytes` held (nil: unknown) against a budget of `budgetMB` MB.
    func show(bytes: Int64?, budgetMB: Int64) {
        guard let bytes else {
            gtk_label_set_text(gopaque(label), tr("Usage unknown"))
            gtk_level_bar_set_value(gopaque(levelBar), 0)
            return
        }
        gtk_label_set_text(gopaque(label), UsageText.usage(bytes, budgetMB: budgetMB))
        gtk_level_bar_set_value(gopaque(levelBar), UsageText.fraction(bytes, budgetMB: budgetMB))
    }
}
