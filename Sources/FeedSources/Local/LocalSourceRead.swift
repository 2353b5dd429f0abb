import FeedCore
import FeedGObject
import Foundation

/// Reads a folder (a scan of up to 100,000 entries) or a playlist file
/// off the GTK thread, for the sidebar, the Open Folder dialog and the
/// source reopened at launch: a large folder, a slow disk or a network
/// mount never stops the window. One read at a time; starting another, or
/// `cancel()`, drops the answer of the one before.
///
/// GTK thread only; the reading runs on ``LocalReads``'s thread.
@MainActor
package final class LocalSourceRead {
    package init() {}

    /// What to read: a folder or a playlist file, by its path.
    package enum Request: Equatable {
        case folder(String)
        case playlist(String)
    }

    /// What a read found.
    package enum Found {
        case folder(FolderFeedSource)
        case playlist(PlaylistFile)
    }

    /// Why a read failed, in one line for a toast.
    package struct Failure: Error {
        package let message: String
    }

    /// After how long, in milliseconds, a read still running is shown as
    /// loading (a quicker one shows nothing).
    static let showLoadingAfterMilliseconds: UInt32 = 200

    /// The read whose answer is wanted; an earlier one's is dropped.
    private var reads = GenerationGuard()
    private var loadingTimer: MainLoopSource?
    /// Who hears the running read's answer.
    private var done: (@MainActor (Result<Found, Failure>) -> Void)?

    /// Reads `request`; `slow` runs if it is still running after
    /// `showLoadingAfterMilliseconds`, `done` once with what it found,
    /// unless another read starts or `cancel()` runs first.
    package func start(_ request: Request, slow: @escaping @MainActor () -> Void,
               done: @escaping @MainActor (Result<Found, Failure>) -> Void) {
        stopLoadingTimer()
        let expected = reads.bind()
        loadingTimer = MainLoopSource.after(milliseconds: Self.showLoadingAfterMilliseconds) { [weak self] in
            guard let self, self.reads.accepts(expected) else { return }
            self.loadingTimer = nil
            slow()
        }
        self.done = done
        LocalReads.thread.async { [self] in
            MainThreadHop.send(.read(Self.read(request), generation: expected), to: self)
        }
    }

    /// Drops the answer of the read running, if any.
    package func cancel() {
        reads.invalidate()
        done = nil
        stopLoadingTimer()
    }

    private func stopLoadingTimer() {
        loadingTimer?.cancel()
        loadingTimer = nil
    }

    /// Any thread.
    private nonisolated static func read(_ request: Request) -> Result<Found, Failure> {
        do {
            switch request {
            case .folder(let path): return .success(.folder(try FolderFeedSource(path: path)))
            case .playlist(let path): return .success(.playlist(try PlaylistFile(path: path)))
            }
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
    }
}

extension LocalSourceRead: MainThreadOwner {
    /// What a read on the local reads' thread sends back, with the read it is for.
    package enum Message: Sendable {
        case read(Result<Found, Failure>, generation: UInt64)
    }

    package func receive(_ message: Message) {
        switch message {
        case .read(let result, let generation):
            guard reads.accepts(generation), let done else { return }
            self.done = nil
            stopLoadingTimer()
            done(result)
        }
    }
}
