import CGLib
import CGtk
import FeedGObject
import FeedUI
import Foundation

/// A libadwaita message dialog around one text entry, with Cancel and one
/// suggested response (Enter chooses it): Open Feed URL…, Add Source… and
/// Rename…. The caller connects `response` and reads the entry. GTK thread only.
@MainActor
enum EntryDialog {
    /// - Parameters:
    ///   - accept: the suggested response's id and mnemonic label (`("open", "_Open")`).
    ///   - enabled: whether it may be chosen at first (address dialogs wait for a valid one).
    ///   - url: the entry takes an address (its input purpose).
    static func make(parent: WidgetPointer, heading: String, body: String?, accept: (id: String, label: String),
                     enabled: Bool, placeholder: String? = nil, text: String? = nil,
                     url: Bool = false) -> (dialog: WidgetPointer, entry: WidgetPointer) {
        let dialog = adw_message_dialog_new(gcast(parent), heading, body)!
        let message: UnsafeMutablePointer<AdwMessageDialog> = gcast(dialog)!
        adw_message_dialog_add_response(message, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(message, accept.id, accept.label)
        adw_message_dialog_set_response_appearance(message, accept.id, ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(message, accept.id)
        adw_message_dialog_set_close_response(message, "cancel")
        adw_message_dialog_set_response_enabled(message, accept.id, enabled ? 1 : 0)
        let entry = gtk_entry_new()!
        if let placeholder { gtk_entry_set_placeholder_text(gcast(entry), placeholder) }
        if let text { gtk_editable_set_text(gopaque(entry), text) }
        gtk_entry_set_activates_default(gcast(entry), 1)
        if url { gtk_entry_set_input_purpose(gcast(entry), GTK_INPUT_PURPOSE_URL) }
        adw_message_dialog_set_extra_child(message, entry)
        return (dialog, entry)
    }
}
