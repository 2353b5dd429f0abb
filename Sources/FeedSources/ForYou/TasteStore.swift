import FeedCore
import FeedGObject
import Foundation

/// What For You learned (FeedCore's ``Taste``), kept in
/// `$XDG_DATA_HOME/io.github.flick.Flick/taste.json` and nowhere else:
/// nothing of it is ever sent. GTK thread only; the file is read and
/// written on the personal files' thread (``WorkerThreads/likes``):
/// read once at start, a regular file only (no link followed, no FIFO
/// waited on) and at most ``TasteFile/maxBytes``; a file refused (too
/// large, damaged, of another version, not a file) is set aside as
/// `taste.json.set-aside` with a warning and learning starts again.
/// Written whole 1 s after a change, to a temporary file that then
/// replaces it; at once when forgotten.
@MainActor
public final class TasteStore {
    public let file: URL
    public private(set) var taste = Taste()
    /// Whether signals are learned (Preferences' switch; applies at once).
    public var learning = true
    /// Signals learned before the file was read, applied after.
    private var early: [(TasteSignal, [TasteKey], Double)] = []
    private var loaded = false
    private var forgotten = false
    private var saveTimer: MainLoopSource?
    /// Told, once read, why a file was set aside (for the log).
    public var onSetAside: (@MainActor (String) -> Void)?
    /// Told once the file is read, and whenever the taste changes.
    public var onChange: (@MainActor () -> Void)?

    public init(file: URL = TasteStore.defaultFile) {
        self.file = file
        WorkerThreads.likes.async { [self] in
            MainThreadHop.send(.loaded(Self.read(file)), to: self)
        }
    }

    public nonisolated static var defaultFile: URL {
        PrivateFiles.dataFolder.appendingPathComponent("taste.json")
    }

    /// Whether the file has been read (or found missing or set aside).
    public var isLoaded: Bool { loaded }

    /// Learns `signal` about a post of `keys` now, unless learning is off.
    public func learn(_ signal: TasteSignal, about keys: [TasteKey], now: Double = Date().timeIntervalSince1970) {
        guard learning, !keys.isEmpty else { return }
        guard loaded else {
            early.append((signal, keys, now))
            return
        }
        taste.learn(signal, about: keys, now: now)
        scheduleSave()
        onChange?()
    }

    /// Forgets everything learned, on disk too, at once.
    public func forget() {
        taste.forget()
        early.removeAll()
        if !loaded { forgotten = true } // a file still being read is forgotten when it arrives
        saveTimer?.cancel()
        saveTimer = nil
        write()
        onChange?()
    }

    /// Writes what is pending now (at exit: `work` is left once it is on disk).
    public func flush(_ work: PendingWork) {
        guard saveTimer != nil else { return }
        saveTimer?.cancel()
        saveTimer = nil
        write(then: work)
    }

    private func finishLoading(_ read: ReadResult) {
        switch read {
        case .missing:
            break
        case .bytes(let bytes):
            switch TasteFile.decoded(bytes) {
            case .success(let kept): if !forgotten { taste = kept }
            case .failure(let refusal): setAside(because: "\(refusal)")
            }
        case .refused(let why):
            setAside(because: why)
        }
        loaded = true
        for (signal, keys, now) in early { taste.learn(signal, about: keys, now: now) }
        if !early.isEmpty || forgotten { scheduleSave() }
        early.removeAll()
        onChange?()
    }

    private func setAside(because why: String) {
        let file = self.file
        WorkerThreads.likes.async {
            let aside = file.path + ".set-aside"
            unlink(aside)
            rename(file.path, aside)
        }
        onSetAside?(why)
    }

    private func scheduleSave() {
        guard saveTimer == nil else { return }
        saveTimer = MainLoopSource.after(milliseconds: 1_000) { [weak self] in
            guard let self else { return }
            saveTimer = nil
            write()
        }
    }

    /// Writes the taste as it is now on the personal files' thread; `work`, when given, is left once it is on disk.
    private func write(then work: PendingWork? = nil) {
        let bytes = TasteFile.encoded(taste), file = self.file
        work?.enter()
        WorkerThreads.likes.async {
            Self.write(bytes, to: file)
            work?.leave()
        }
    }

    /// What reading the file found.
    package enum ReadResult: Sendable {
        case missing
        case bytes([UInt8])
        /// Not a regular file, or too large: why, for the log.
        case refused(String)
    }

    /// Reads the file without following a link or waiting on a FIFO, never
    /// more than ``TasteFile/maxBytes`` and one.
    private nonisolated static func read(_ file: URL) -> ReadResult {
        let fd = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let error = errno
            if error == ENOENT { return .missing }
            return .refused(error == ELOOP ? "a symbolic link" : String(cString: strerror(error)))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return .refused("not a regular file") }
        guard status.st_size <= TasteFile.maxBytes else { return .refused("larger than \(TasteFile.maxBytes) bytes") }
        var bytes = [UInt8](repeating: 0, count: TasteFile.maxBytes + 1)
        let filled = transfer(bytes.count) { done in
            bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + done, $0.count - done) }
        }
        guard filled <= TasteFile.maxBytes else { return .refused("larger than \(TasteFile.maxBytes) bytes") }
        return .bytes(Array(bytes[..<filled]))
    }

    /// Runs `step` (one read or write from `done` bytes on) until `total`
    /// bytes moved, the end of the file or an error; the bytes moved.
    private nonisolated static func transfer(_ total: Int, _ step: (_ done: Int) -> Int) -> Int {
        var done = 0
        while done < total {
            let count = step(done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return done
    }

    private nonisolated static func write(_ bytes: [UInt8], to file: URL) {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".taste-\(getpid()).json")
        unlink(temporary.path)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = transfer(bytes.count) { done in
            bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
        }
        let synced = written == bytes.count && fsync(fd) == 0
        close(fd)
        // A full or read-only disk: the file on disk stays as it was.
        if !synced || rename(temporary.path, file.path) != 0 { unlink(temporary.path) }
    }
}

extension TasteStore: MainThreadOwner {
    package enum Message: Sendable {
        case loaded(ReadResult)
    }

    package func receive(_ message: Message) {
        switch message {
        case .loaded(let read): finishLoading(read)
        }
    }
}
