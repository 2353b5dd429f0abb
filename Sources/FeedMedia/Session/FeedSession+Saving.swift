import FeedCore
import FeedSources
import Foundation

/// Saving the post at an index as a file of its own (``PostSaver``), with
/// the headers its feed sends for its media. GTK thread only.
extension FeedSession {
    /// Saves the post at `index` into `folder`; see ``PostSaver/save(_:headers:into:progress:done:)``.
    /// False when there is no post there or a save is under way.
    @discardableResult
    public func save(at index: Int, into folder: URL, progress: @escaping @MainActor (Double?) -> Void,
                     done: @escaping @MainActor (Result<URL, SaveFailure>) -> Void) -> Bool {
        guard let item = item(at: index) else { return false }
        guard let saver else {
            done(.failure(.noCache))
            return true
        }
        return saver.save(item, headers: extras(for: item.id)?.headers ?? [:], into: folder, progress: progress, done: done)
    }
}
