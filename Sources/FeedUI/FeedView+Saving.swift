import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import Foundation

/// Ctrl+S and the rail's Save: the current post into the user's Videos or
/// Pictures folder (Music for a sound; Downloads when the desktop names
/// none), with a progress toast the app can cancel and a toast that says
/// where it went or why it did not. GTK thread only.
extension FeedView {
    /// Where a post of `kind` is saved: the desktop's folder for it, else Downloads, else home.
    static func saveFolder(for kind: FeedItem.Kind) -> URL {
        let special: GUserDirectory = switch kind {
        case .video: G_USER_DIRECTORY_VIDEOS
        case .image: G_USER_DIRECTORY_PICTURES
        case .audio: G_USER_DIRECTORY_MUSIC
        }
        for directory in [special, G_USER_DIRECTORY_DOWNLOAD] {
            if let path = g_get_user_special_dir(directory) { return URL(fileURLWithPath: String(cString: path)) }
        }
        return URL(fileURLWithPath: String(cString: g_get_home_dir())).appendingPathComponent("Downloads")
    }

    /// Saves the current post, saying how it went.
    func saveCurrentPost() {
        guard let item = currentItem else { return }
        guard !seen.saving.isSaving else {
            showToast(tr("A post is being saved already"))
            return
        }
        let name = item.title.flatMap { $0.isEmpty ? nil : $0 } ?? item.kind.localizedName
        let folder = Self.saveFolder(for: item.kind)
        // The progress toast first: a post that cannot be saved (a local
        // file, a stream, no cache) ends the save before `save` returns.
        listeners.saving?(SaveProgress(name: name, share: nil))
        link.saving = (name, folder)
        send(.save(at: currentIndex, into: folder))
    }

    /// The session's save downloaded `share` of the post (nil while unknown).
    func saveProgressed(_ share: Double?) {
        guard let saving = link.saving else { return }
        listeners.saving?(SaveProgress(name: saving.name, share: share))
    }

    /// The session's save ended: the toast says where the file went or why not.
    func saveEnded(_ result: Result<URL, SaveFailure>) {
        let folder = link.saving?.folder
        link.saving = nil
        listeners.saving?(nil)
        switch result {
        case .success(let file):
            showToast(tr("Saved “%1$s” in %2$s").filled(file.lastPathComponent, (folder ?? file.deletingLastPathComponent()).lastPathComponent))
        case .failure(.cancelled):
            showToast(tr("Saving stopped"))
        case .failure(let failure):
            showToast(tr("Could not save: %1$s").filled(failure.description))
        }
        reportState()
    }

    /// Stops the save under way (the progress toast's Cancel).
    public func cancelSave() { send(.cancelSave) }

    /// Called while a post is saved (nil once it ended): the app shows a
    /// toast with Cancel.
    public var onSaving: ((SaveProgress?) -> Void)? {
        get { listeners.saving }
        set { listeners.saving = newValue }
    }
}

/// A save under way, for the progress toast.
public struct SaveProgress: Sendable, Equatable {
    /// The post's title, or its kind.
    public var name: String
    /// The share downloaded (0...1), nil while unknown.
    public var share: Double?

    public init(name: String, share: Double?) {
        self.name = name
        self.share = share
    }
}
