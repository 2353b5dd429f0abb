import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C during `flick bench`: the processes it started (the app under
/// test, its Xvfb) are stopped by their ids and its temporary folder is
/// removed before it exits, so nothing is left running. The handler runs on
/// a dispatch queue; the id list takes a lock.
final class BenchInterrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var pids: Set<pid_t> = []
    private var folder: URL?
    private var sources: [DispatchSourceSignal] = []

    /// Watches SIGINT and SIGTERM from now on.
    func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.interrupted(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// A process to stop on an interrupt, until `forget`.
    func track(_ pid: pid_t) { lock.withLock { _ = pids.insert(pid) } }
    func forget(_ pid: pid_t) { lock.withLock { _ = pids.remove(pid) } }

    /// The bench's temporary folder, removed on an interrupt.
    func removeOnInterrupt(_ url: URL) { lock.withLock { folder = url } }

    private func interrupted(_ signalNumber: Int32) {
        let (running, folder) = lock.withLock { (pids, self.folder) }
        for pid in running { kill(pid, SIGTERM) }
        usleep(500_000)
        for pid in running { kill(pid, SIGKILL) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
        FileHandle.standardError.write(Data("flick: bench interrupted\n".utf8))
        exit(128 + signalNumber)
    }
}
