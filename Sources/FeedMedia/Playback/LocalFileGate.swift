import FeedCore
import FeedGObject
import FeedSources
import Foundation

/// Holds a player back until its local file is known to be a regular file.
///
/// Why: playbin opens its source when it goes to PAUSED, and `open()` of a
/// named pipe waits for a writer for ever — the player's state thread
/// would hang, and with it every later binding of that player. A pipe,
/// socket or device (or a folder) named as a video fails the binding
/// instead, before playbin sees it. The check (a `stat`) runs on the
/// player's state thread (``WorkerThreads``), before the open, and
/// answers through `MainThreadHop`.
///
/// GTK thread only. One gate per waiting player binding.
@MainActor
final class LocalFileGate {
    private var done: (@MainActor (PlayerFailure?) -> Void)?

    /// Nil when `uri` is not a local file. Otherwise the check runs on
    /// `playbin`'s state thread and `done` runs once, later, with nil (open
    /// now) or the failure to report, unless `cancel()` runs first.
    static func wait(for uri: String, on playbin: Playbin,
                     _ done: @escaping @MainActor (PlayerFailure?) -> Void) -> LocalFileGate? {
        guard let path = FileSystemPath(uri: uri) else { return nil }
        let gate = LocalFileGate(done)
        playbin.offThread {
            // Held until told: the player may have let go of its gate already.
            MainThreadHop.send(.checked(Self.check(path)), to: gate, keepsOwner: true)
        }
        return gate
    }

    private init(_ done: @escaping @MainActor (PlayerFailure?) -> Void) {
        self.done = done
    }

    /// Stops waiting; `done` will not run.
    func cancel() {
        done = nil
    }

    private func finish(_ failure: PlayerFailure?) {
        let done = self.done
        self.done = nil
        done?(failure)
    }

    /// Nil for a regular file or one that is missing (playbin says so
    /// itself: `SOURCE_NOT_FOUND`); the failure for anything else. Any thread.
    nonisolated static func check(_ path: FileSystemPath) -> PlayerFailure? {
        switch path.kind() {
        case .regular, nil:
            return nil
        case .folder:
            return PlayerFailure(code: .unsupportedFormat, message: "This is a folder, not a video", httpStatus: nil)
        case .special:
            return PlayerFailure(code: .unsupportedFormat,
                                 message: "This is not a regular file (a pipe, socket or device); Flick plays files",
                                 httpStatus: nil)
        }
    }
}

extension LocalFileGate: MainThreadOwner {
    /// What the check on the playbin's thread sends back: nil (open now)
    /// or the failure to report.
    enum Message: Sendable {
        case checked(PlayerFailure?)
    }

    func receive(_ message: Message) {
        switch message {
        case .checked(let failure): finish(failure)
        }
    }
}
