import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C during `flick bench`: the processes it started (the app under
/// test, its Xvfb) are stopped by their ids and its temporary folder is
/// removed before it exits, so nothing is left running. The handler runs on
/// a dispatch queue; the ids and the folder are behind one mutex.
final class BenchInterrupt: Sendable {
    /// The processes to stop, the folder to remove, and whether an
    /// interrupt came (a process started after that is stopped at once).
    private struct Watch {
        var pids: Set<pid_t> = []
        var folder: URL?
        var interrupted = false
    }

    private let watch = Mutex(Watch())

    /// Watches SIGINT and SIGTERM from now on.
    func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.interrupted(signalNumber) }
            source.resume()
            // Kept for the rest of the process: the bench installs this
            // once and ends by exiting (from the handler, or at its end).
            _ = Unmanaged.passRetained(source as AnyObject)
        }
    }

    /// A process to stop on an interrupt, until `forget`. One started while
    /// the interrupt is being handled is stopped straight away.
    func track(_ pid: pid_t) {
        let late = watch.withLock { watch -> Bool in
            watch.pids.insert(pid)
            return watch.interrupted
        }
        if late { kill(pid, SIGKILL) }
    }
    func forget(_ pid: pid_t) { watch.withLock { _ = $0.pids.remove(pid) } }

    /// Whether Ctrl+C arrived: the bench starts nothing more and reports nothing.
    var isInterrupted: Bool { watch.withLock { $0.interrupted } }

    /// The bench's temporary folder, removed on an interrupt.
    func removeOnInterrupt(_ url: URL) { watch.withLock { $0.folder = url } }

    private func interrupted(_ signalNumber: Int32) {
        let (running, folder) = watch.withLock { watch -> (Set<pid_t>, URL?) in
            watch.interrupted = true
            return (watch.pids, watch.folder)
        }
        for pid in running { kill(pid, SIGTERM) }
        usleep(500_000)
        // Including any the main thread started meanwhile.
        for pid in watch.withLock({ $0.pids }) { kill(pid, SIGKILL) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
        FileHandle.standardError.write(Data("flick: bench interrupted\n".utf8))
        exit(128 + signalNumber)
    }
}
