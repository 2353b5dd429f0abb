import FeedCore
import FeedGObject
import Foundation

/// Likes kept on this computer (FeedCore's ``LocalLikes``) in
/// `$XDG_DATA_HOME/io.github.flick.Flick/likes.json`. GTK thread only;
/// the file is read and written on the likes' thread (``WorkerThreads/likes``), never on the GTK
/// thread: read once at start (at most ``maxFileBytes``; a file that is
/// not one is left as it is and the likes start empty), written 0.5 s
/// after a change, whole, to a temporary file that then replaces it.
@MainActor
public final class LocalLikeStore {
    /// A larger file is not read.
    nonisolated static let maxFileBytes = 32 * 1_048_576

    public let file: URL
    private var likes = LocalLikes()
    private var loaded = false
    /// Changes made before the file was read, applied after.
    private var early: [(LocalLikes.Key, Bool)] = []
    private var saveTimer: MainLoopSource?
    /// Called once the file is read (pages shown before then ask again).
    public var onLoaded: (@MainActor () -> Void)?

    public init(file: URL = LocalLikeStore.defaultFile) {
        self.file = file
        WorkerThreads.likes.async { [self] in
            MainThreadHop.send(.loaded(Self.read(file)), to: self)
        }
    }

    public nonisolated static var defaultFile: URL {
        PrivateFiles.dataFolder.appendingPathComponent("likes.json")
    }

    /// The likes kept, as read and changed so far (a value).
    public var kept: LocalLikes { likes }

    public func isLiked(source: String, post: String) -> Bool {
        likes.contains(LocalLikes.Key(source: source, post: post))
    }

    public func set(source: String, post: String, liked: Bool) {
        let key = LocalLikes.Key(source: source, post: post)
        guard loaded else {
            early.append((key, liked))
            return
        }
        guard likes.set(key, liked: liked) else { return }
        scheduleSave()
    }

    /// Writes what is pending now, on the likes' thread (at exit: `work`
    /// is left once it is on disk).
    public func flush(_ work: PendingWork) {
        guard saveTimer != nil else { return }
        saveTimer?.cancel()
        saveTimer = nil
        let bytes = likes.encoded()
        let file = self.file
        work.enter()
        WorkerThreads.likes.async {
            Self.write(bytes, to: file)
            work.leave()
        }
    }

    private func finishLoading(_ bytes: [UInt8]?) {
        if let bytes, let read = LocalLikes.decoded(bytes) { likes = read }
        loaded = true
        for (key, liked) in early { likes.set(key, liked: liked) }
        if !early.isEmpty { scheduleSave() }
        early.removeAll()
        onLoaded?()
    }

    private func scheduleSave() {
        saveTimer?.cancel()
        saveTimer = MainLoopSource.after(milliseconds: 500) { [weak self] in
            guard let self else { return }
            saveTimer = nil
            let bytes = likes.encoded()
            let file = self.file
            WorkerThreads.likes.async { Self.write(bytes, to: file) }
        }
    }

    private nonisolated static func read(_ file: URL) -> [UInt8]? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxFileBytes + 1), data.count <= maxFileBytes else { return nil }
        return Array(data)
    }

    private nonisolated static func write(_ bytes: [UInt8], to file: URL) {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".likes-\(getpid()).json")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            // A full or read-only disk: the file on disk stays as it was.
            return
        }
        if let handle = try? FileHandle(forWritingTo: temporary) {
            try? handle.synchronize()
            try? handle.close()
        }
        if rename(temporary.path, file.path) != 0 { unlink(temporary.path) }
    }
}

extension LocalLikeStore: MainThreadOwner {
    /// What the likes' thread sends back: the file's bytes (nil when it
    /// could not be read, or is not there).
    package enum Message: Sendable {
        case loaded([UInt8]?)
    }

    package func receive(_ message: Message) {
        switch message {
        case .loaded(let bytes): finishLoading(bytes)
        }
    }
}
