import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FeedUI
import Foundation

/// The header menu's "Open Folder…" and "Open Feed URL…": a folder chooser,
/// and a dialog with an address entry that only accepts an http(s) URL
/// (saying what is wrong with anything else). They hand the folder path or
/// URL on; reading the folder is the caller's. GTK thread only.
@MainActor
final class OpenFeedDialogs {
    private let parent: WidgetPointer
    /// The folder chooser while it is open (a GtkNativeDialog is no widget:
    /// nothing else keeps it alive).
    private var chooser: GObjectRef?
    private var connections: [SignalConnection] = []

    init(parent: WidgetPointer) {
        self.parent = parent
    }

    /// Asks for a folder; calls `open` with its path when one is chosen.
    func chooseFolder(_ open: @escaping @MainActor (String) -> Void) {
        guard chooser == nil else { return }
        guard let native = gtk_file_chooser_native_new(tr("Open a Folder"), gcast(parent), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                       tr("_Open"), tr("_Cancel")),
              let chooser = GObjectRef(owning: UnsafeMutableRawPointer(native)) else { return }
        self.chooser = chooser
        gtk_native_dialog_set_modal(gcast(native), 1)
        if let connection = Signals.connectInt(native, "response", { [weak self] response in
            guard let self, let chooser = self.chooser else { return }
            self.chooser = nil
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(gopaque(chooser.raw)) else { return }
            defer { g_object_unref(file.rawGObject) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            open(String(cString: path))
        }) {
            connections.append(connection)
        }
        gtk_native_dialog_show(gcast(native))
    }

    /// Asks for a feed address; calls `open` with it once it is a valid
    /// http(s) URL or service address.
    func askForURL(_ open: @escaping @MainActor (FeedURLInput.Address) -> Void) {
        let hint = tr("A feed’s address (JSON Feed, RSS, Atom, M3U, Flick’s JSON), a PeerTube or Mastodon server’s address, or peertube:HOST, mastodon:HOST/tags/NAME, bsky:HANDLE.")
        let (dialog, entry) = EntryDialog.make(parent: parent, heading: tr("Open a Feed URL"), body: hint, accept: ("open", tr("_Open")),
                                               enabled: false, placeholder: "https://example.org/feed.json", url: true)
        let message: UnsafeMutablePointer<AdwMessageDialog> = gcast(dialog)!

        // Checked as it is typed: Open (and Enter) only work for a valid
        // address, and the text under the heading says what is wrong.
        let check = { @MainActor () -> Result<FeedURLInput.Address, FeedURLInput.Problem> in
            FeedURLInput.parse(String(cString: gtk_editable_get_text(gopaque(entry))))
        }
        connections += [
            Signals.connect(entry, "changed") {
                let result = check()
                let typed = String(cString: gtk_editable_get_text(gopaque(entry)))
                switch result {
                case .success:
                    adw_message_dialog_set_body(message, hint)
                    gtk_widget_remove_css_class(entry, "error")
                case .failure(let problem):
                    adw_message_dialog_set_body(message, typed.isEmpty ? hint : problem.description)
                    if typed.isEmpty { gtk_widget_remove_css_class(entry, "error") } else { gtk_widget_add_css_class(entry, "error") }
                }
                adw_message_dialog_set_response_enabled(message, "open", (try? result.get()) == nil ? 0 : 1)
            },
            Signals.connect(dialog, "response") { (response: UnsafeMutableRawPointer?) in
                guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "open",
                      case .success(let url) = check() else { return }
                open(url)
            },
        ].compactMap { $0 }
        gtk_window_present(gcast(dialog))
        gtk_widget_grab_focus(entry)
    }
}
