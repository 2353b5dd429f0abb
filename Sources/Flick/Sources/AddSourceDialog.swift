import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import Foundation

/// Add Source…: an address entry that tells what the address is before it
/// is added. As the user types, the address is checked (``FeedURLInput``);
/// half a second after a valid one, its first page is loaded and the
/// dialog shows what was found — the source's name, its first post, how
/// many came — or, in one line, why it cannot be opened. Add is enabled
/// only for an address whose preview came. GTK thread only.
@MainActor
final class AddSourceDialog {
    /// What a preview found.
    struct Preview {
        var name: String?
        /// The first post's title (or author, or kind).
        var firstPost: String
        /// Posts on the first page; whether more pages follow.
        var posts: Int
        var more: Bool
    }

    typealias Previewer = @MainActor (FeedURLInput.Address, @escaping @MainActor (Result<Preview, FeedSourceFailure>) -> Void) -> Void

    /// What the dialog says now (nil once it is closed), for `--report-state`.
    var onPreviewText: (@MainActor (String?) -> Void)?
    var onClose: (@MainActor () -> Void)?
    /// Add was chosen: the address and the name the preview found.
    var onAdd: (@MainActor (FeedURLInput.Address, String?) -> Void)?

    static let hint = tr("Paste a feed’s address (JSON Feed, RSS, Atom, M3U), a PeerTube or Mastodon server’s, or peertube:HOST, mastodon:HOST/tags/NAME, bsky:HANDLE.")

    private let dialog: WidgetPointer
    private let entry: WidgetPointer
    private let previewer: Previewer
    private var connections: [SignalConnection] = []
    private var waiting: MainLoopSource?
    /// Bumped on every edit: a preview answering an older text is dropped.
    private var generation = 0
    private var previewed: (address: FeedURLInput.Address, preview: Preview)?

    init(parent: WidgetPointer, previewer: @escaping Previewer) {
        self.previewer = previewer
        (dialog, entry) = EntryDialog.make(parent: parent, heading: tr("Add a Source"), body: Self.hint, accept: ("add", tr("_Add")),
                                           enabled: false, placeholder: "https://peertube.example", url: true)
        connections += [
            Signals.connect(entry, "changed") { [weak self] in self?.changed() },
            Signals.connect(dialog, "response") { [weak self] (response: UnsafeMutableRawPointer?) in
                guard let self else { return }
                let chosen = response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
                self.waiting?.cancel()
                if chosen == "add", let previewed = self.previewed { self.onAdd?(previewed.address, previewed.preview.name) }
                self.onPreviewText?(nil)
                self.onClose?()
            },
        ].compactMap { $0 }
    }

    func present() {
        gtk_window_present(gcast(dialog))
        gtk_widget_grab_focus(entry)
        onPreviewText?(Self.hint)
    }

    private var typed: String { String(cString: gtk_editable_get_text(gopaque(entry))) }

    private func say(_ text: String, problem: Bool) {
        adw_message_dialog_set_body(gcast(dialog), text)
        if problem { gtk_widget_add_css_class(entry, "error") } else { gtk_widget_remove_css_class(entry, "error") }
        onPreviewText?(text)
    }

    private func changed() {
        generation += 1
        previewed = nil
        waiting?.cancel()
        adw_message_dialog_set_response_enabled(gcast(dialog), "add", 0)
        let text = typed
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            say(Self.hint, problem: false)
            return
        }
        switch FeedURLInput.parse(text) {
        case .failure(let problem):
            say(problem.description, problem: true)
        case .success(let address):
            say(tr("Looking at the address…"), problem: false)
            let generation = self.generation
            waiting = MainLoopSource.after(milliseconds: 500) { [weak self] in
                guard let self else { return }
                self.waiting = nil
                self.previewer(address) { [weak self] result in
                    guard let self, self.generation == generation else { return }
                    switch result {
                    case .success(let preview):
                        self.previewed = (address, preview)
                        let number = Translation.number(preview.posts)
                        let count = preview.more ? tr("%1$s+ posts").filled(number)
                                                 : trn("%1$s post", "%1$s posts", preview.posts).filled(number)
                        // Translators: a feed's name, how many posts it has, and its first post's title.
                        self.say(tr("%1$s: %2$s, the first “%3$s”.").filled(preview.name ?? tr("Found a feed"), count, preview.firstPost),
                                 problem: false)
                        adw_message_dialog_set_response_enabled(gcast(self.dialog), "add", 1)
                    case .failure(let failure):
                        self.say(failure.message, problem: true)
                    }
                }
            }
        }
    }
}
