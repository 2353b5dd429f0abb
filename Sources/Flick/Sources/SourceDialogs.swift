import CGLib
import CGtk
import FeedGObject
import FeedUI
import Foundation

/// Rename…: a dialog with the name in an entry. GTK thread only.
@MainActor
enum SourceDialogs {
    /// The dialogs' signal connections, while each is open.
    private static var open: [Int: [SignalConnection]] = [:]

    /// Asks for a new name (prefilled with `current`); calls `rename` with
    /// it when the user chooses Rename (or presses Enter).
    static func askForName(parent: WidgetPointer, current: String, _ rename: @escaping @MainActor (String) -> Void) {
        let dialog = adw_message_dialog_new(gcast(parent), "Rename the Source", nil)!
        let message: UnsafeMutablePointer<AdwMessageDialog> = gcast(dialog)!
        adw_message_dialog_add_response(message, "cancel", "_Cancel")
        adw_message_dialog_add_response(message, "rename", "_Rename")
        adw_message_dialog_set_response_appearance(message, "rename", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(message, "rename")
        adw_message_dialog_set_close_response(message, "cancel")
        let entry = gtk_entry_new()!
        gtk_editable_set_text(gopaque(entry), current)
        gtk_entry_set_activates_default(gcast(entry), 1)
        adw_message_dialog_set_extra_child(message, entry)
        let key = Int(bitPattern: dialog)
        open[key] = [
            Signals.connect(dialog, "response") { (response: UnsafeMutableRawPointer?) in
                let chosen = response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
                if chosen == "rename" { rename(String(cString: gtk_editable_get_text(gopaque(entry)))) }
                open[key] = nil
            },
        ].compactMap { $0 }
        gtk_window_present(gcast(dialog))
        gtk_widget_grab_focus(entry)
    }
}
