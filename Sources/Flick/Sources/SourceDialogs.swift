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
        let (dialog, entry) = EntryDialog.make(parent: parent, heading: tr("Rename the Source"), body: nil,
                                               accept: ("rename", tr("_Rename")), enabled: true, text: current)
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
