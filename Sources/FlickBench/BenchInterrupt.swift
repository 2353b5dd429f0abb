import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C during `flick bench`: the processes it started (the app under
/// test, its Xvfb) are stopped by their ids and its temporary folder is
/// removed before it exits, so nothing is left running. The handler runs on
/// a dispatch queue; the id list takes a lock.
/// `@unchecked Sendable`: `pids`, `folder` and `interrupted` are under `lock`; `sources` is set once, by `install()`, before any signal.
final class BenchInterrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var pids: Set<pid_t> = []
    private var folder: URL?
    /// Set once interrupted: a process started after that is stopped at once.
    private var interrupted = false
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

    /// A process to stop on an interrupt, until `forget`. One started while
    /// the interrupt is being handled is stopped straight away.
    func track(_ pid: pid_t) {
        let late = lock.withLock { () -> Bool in
            pids.insert(pid)
            return interrupted
        }
        if late { kill(pid, SIGKILL) }
    }
    func forget(_ pid: pid_t) { lock.withLock { _ = pids.remove(pid) } }

    /// Whether Ctrl+C arrived: the bench starts nothing more and reports nothing.
    var isInterrupted: Bool { lock.withLock { interrupted } }

    /// The bench's temporary folder, removed on an interrupt.
    func removeOnInterrupt(_ url: URL) { lock.withLock { folder = url } }

    private func interrupted(_ signalNumber: Int32) {
        let (running, folder) = lock.withLock { () -> (Set<pid_t>, URL?) in
            interrupted = true
            return (pids, self.folder)
        }
        for pid in running { kill(pid, SIGTERM) }
        usleep(500_000)
        // Including any the main thread started meanwhile.
        for pid in lock.withLock({ pids }) { kill(pid, SIGKILL) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
        FileHandle.standardError.write(Data("flick: bench interrupted\n".utf8))
        exit(128 + signalNumber)
    }
}
