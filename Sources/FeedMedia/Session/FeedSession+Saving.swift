import FeedCore
import FeedSources
import Foundation

/// Saving the post at an index as a file of its own (``PostSaver``), with
/// the headers its feed sends for its media. GTK thread only.
extension FeedSession {
    /// Saves the post at `index` into `folder`; see ``PostSaver/save(_:headers:into:progress:done:)``.
    /// False when there is no post there or a save is under way.
    @discardableResult
    package func save(at index: Int, into folder: URL, progress: @escaping @MainActor (Double?) -> Void,
                     done: @escaping @MainActor (Result<URL, SaveFailure>) -> Void) -> Bool {
        guard let item = item(at: index) else { return false }
        guard let saver else {
            done(.failure(.noCache))
            return true
        }
        return saver.save(item, headers: extras(for: item.id)?.headers ?? [:], into: folder, progress: progress, done: done)
    }
}

extension FeedSession {
    /// ``SessionCommand/save(at:into:)``: the save's progress and its end
    /// reach the view as updates (nothing happens without a post there or
    /// while another save is under way: the snapshot's `saving` says so).
    func saveAsked(at index: Int, into folder: URL) {
        save(at: index, into: folder, progress: { [weak self] share in
            self?.emit(.saveProgress(share))
        }, done: { [weak self] result in
            self?.emit(.saveEnded(result))
            self?.emit(.stateChanged)
        })
    }

    /// Saves done, under way, and the last one's failure.
    var saveStatus: SaveStatus {
        SaveStatus(isSaving: saver?.isSaving == true, savesDone: saver?.savesDone ?? 0, lastFailure: saver?.lastFailure)
    }
}
