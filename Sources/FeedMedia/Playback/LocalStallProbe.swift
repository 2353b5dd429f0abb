import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation

/// Asks GStreamer why a local file did not preroll. GTK thread (the probe
/// itself runs on a worker thread of its own).
///
/// Why: when a demuxer fails while decodebin is still activating it (a
/// truncated MP4 whose `moov` promises more than the file holds), decodebin
/// 1.22 drops the demuxer's ERROR, and the player waits with nothing on its
/// bus. A local file prerolls in well under a second, so a file:// binding
/// that has not after ``deadlineMilliseconds`` may be stuck: this probe
/// reads the file once more and reports the demuxer's own error, or nil
/// when the file prerolls (a busy machine: the player keeps waiting).
@MainActor
final class LocalStallProbe {
    /// How long a file:// binding may take to preroll before it is probed.
    static let deadlineMilliseconds: UInt32 = 4_000
    /// How long the probe's preroll may take, in seconds.
    nonisolated static let prerollSeconds = 5.0

    /// Who hears what the probe found; nil once cancelled or told.
    private var done: (@MainActor (PlayerFailure?) -> Void)?

    /// Whether `uri` is a local file, whose preroll is probed early.
    static func applies(to uri: String?) -> Bool {
        uri.map { MediaLocation($0) == .file } ?? false
    }

    init(uri: String, done: @escaping @MainActor (PlayerFailure?) -> Void) {
        self.done = done
        WorkerThreads.probes.async { [self, uri] in
            MainThreadHop.send(.found(Self.discover(uri)), to: self)
        }
    }

    func cancel() { done = nil }

    /// Prerolls the file once more in push mode (`filesrc ! queue !
    /// decodebin`): the demuxer then meets the bytes only after decodebin
    /// has linked it, so its error is forwarded, not dropped. Blocking;
    /// worker thread.
    nonisolated private static func discover(_ uri: String) -> PlayerFailure? {
        guard let path = URL(string: uri)?.path, !path.isEmpty,
              let pipeline = try? MediaPipeline("filesrc name=source ! queue ! decodebin ! fakesink sync=false") else {
            return nil
        }
        defer { pipeline.stop() }
        do {
            try pipeline.set("source", "location", string: path)
            try pipeline.preroll(timeout: prerollSeconds)
            return nil
        } catch let failure as MediaPipelineFailure {
            guard case .error(let error) = failure else { return nil } // slow, not broken
            return PlayerFailure.classify(error, httpStatus: nil, fromDecoder: false)
        } catch {
            return nil
        }
    }
}

extension LocalStallProbe: MainThreadOwner {
    /// What the probe's thread sends back: the demuxer's own error, or nil
    /// when the file prerolled.
    enum Message: Sendable {
        case found(PlayerFailure?)
    }

    func receive(_ message: Message) {
        switch message {
        case .found(let failure):
            guard let done else { return }
            self.done = nil
            done(failure)
        }
    }
}
