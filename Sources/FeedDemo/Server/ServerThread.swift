import CGLib
import FeedGObject
import FeedMedia
import Foundation
import Synchronization

/// A dedicated thread running a private GMainContext for the media server,
/// so tests and `flick serve` need no GTK main loop.
///
/// The engine lives and dies on that thread. `stop(waiting:)` may be called
/// from any thread; by default it waits (boundedly) for the thread to close
/// its sockets so that the port is free when it returns. Other threads
/// reach `context` only to attach a source to it (thread-safe in GLib).
final class ServerThread: Sendable {
    /// How long `stop()` waits for the thread to finish, in seconds.
    static let stopTimeoutSeconds = 10.0

    private let contextHandle: SharedHandle
    private let loopHandle: SharedHandle
    /// Left when the thread ends.
    private let finished = PendingWork()
    /// The thread (who it is, once started), and whether a stop was asked for.
    private let state = Mutex<(thread: ObjectIdentifier?, stopping: Bool)>((nil, false))

    private var context: OpaquePointer { contextHandle.raw }
    private var loop: OpaquePointer { loopHandle.raw }

    private init() {
        let context = g_main_context_new()!
        contextHandle = SharedHandle(context)
        loopHandle = SharedHandle(g_main_loop_new(context, 0)!)
        finished.enter()
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }

    /// Starts a thread whose engine listens before this returns.
    static func start(routes: ServerRouteTable, counters: ServerCounters,
                      options: MediaServer.Options) throws -> (ServerThread, URL) {
        let serverThread = ServerThread()
        let outcome = StartOutcome()
        let thread = Thread { serverThread.run(routes: routes, counters: counters, options: options, outcome: outcome) }
        thread.name = "flick-media-server"
        serverThread.state.withLock { $0.thread = ObjectIdentifier(thread) }
        thread.start()
        outcome.ready.wait()
        return (serverThread, try outcome.result.withLock { $0 }.get())
    }

    /// Quits the loop; the thread stops the engine and ends. With `waiting`
    /// false it returns at once (the app at exit: the GTK thread never waits
    /// for the server, and the process closes what is left). Idempotent.
    func stop(waiting: Bool = true) {
        let (thread, alreadyStopping) = state.withLock { state -> (ObjectIdentifier?, Bool) in
            defer { state.stopping = true }
            return (state.thread, state.stopping)
        }
        guard !alreadyStopping else { return }
        // Through a source rather than g_main_loop_quit directly: a quit
        // that lands before g_main_loop_run starts would be lost.
        let loop = loopHandle
        ContextSource.idle(on: context) { g_main_loop_quit(loop.raw) }
        guard waiting, ObjectIdentifier(Thread.current) != thread else { return }
        if !finished.wait(seconds: Self.stopTimeoutSeconds) {
            FileHandle.standardError.write(Data("flick: the media server thread did not stop in time\n".utf8))
        }
    }

    private func run(routes: ServerRouteTable, counters: ServerCounters, options: MediaServer.Options,
                     outcome: StartOutcome) {
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            finished.leave()
        }
        let engine = ServerEngine(routes: routes, counters: counters, options: options)
        do {
            let url = try engine.start()
            outcome.result.withLock { $0 = .success(url) }
            outcome.ready.leave()
        } catch {
            outcome.result.withLock { $0 = .failure(error) }
            outcome.ready.leave()
            return
        }
        g_main_loop_run(loop)
        engine.stop()
        // Let libsoup finish closing what it was closing.
        var rounds = 0
        while g_main_context_iteration(context, 0) != 0, rounds < 100 { rounds += 1 }
    }
}

/// Handed from the server thread to the caller of `start`, which waits on `ready`.
private final class StartOutcome: Sendable {
    let ready = PendingWork()
    /// Written before `ready` is left, read after.
    let result = Mutex<Result<URL, Error>>(.failure(MediaServerError.listenFailed("not started")))

    init() {
        ready.enter()
    }
}
