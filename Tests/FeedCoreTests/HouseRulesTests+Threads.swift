import Foundation
import Testing

/// The house rules of threads, read from the sources: one primitive takes
/// work off the GTK thread (FeedGObject's WorkerThreads, with its named
/// pools), the app asks the libraries for its background work, and the
/// escape hatches of strict concurrency do not grow.
extension HouseRulesTests {
    @Test("work leaves the GTK thread one way: no libdispatch queue, group or semaphore in Sources")
    func oneWayOffTheGTKThread() throws {
        // The one file allowed libdispatch: the bench's Ctrl+C watch, a
        // signal source whose handler must run while the bench's main
        // thread blocks on the runs it waits for.
        let found = try Self.offending(Self.sources(), #"\bDispatch(Queue|Group|Semaphore|WorkItem|Source)\b|\.global\(|asyncAfter\("#)
            .filter { !$0.hasPrefix("Sources/FlickBench/BenchInterrupt.swift:") }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("threads are made in one place: WorkerThreads, and the loopback server's context thread")
    func threadsMadeOnePlace() throws {
        // The media server's thread is not a pool: it runs its own GLib
        // main context (tests, `flick serve`, the bench) until stopped.
        let allowed = ["Sources/FeedGObject/WorkerThreads.swift:", "Sources/FeedDemo/Server/ServerThread.swift:"]
        let found = try Self.offending(Self.sources(), #"\bThread\s*(\{|\()|detachNewThread|pthread_create|g_thread_(new|try_new)"#)
            .filter { line in !allowed.contains { line.hasPrefix($0) } }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the app starts no threads of its own: it asks the libraries for the work")
    func appStartsNoThreads() throws {
        let found = try Self.offending(Self.sources("Flick"),
            #"\bThread\s*(\{|\()|detachNewThread|\bWorkerThreads\b|pthread_create|\bDispatch\w*|\.async\s*\{"#)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("work comes back to the GTK thread one way: a typed message to its owner or an answer, through MainThreadHop")
    func oneWayBack() throws {
        // MainLoopSource schedules on the GTK thread from the GTK thread;
        // FrameMailbox's hop is the frame path's own (coalesced, one per frame).
        let allowed = ["Sources/FeedGObject/MainThreadHop.swift:", "Sources/FeedGObject/MainLoopSource.swift:",
                       "Sources/FeedMedia/Playback/FrameMailbox.swift:"]
        let hops = try Self.offending(Self.sources(), #"\bg_(idle|timeout)_add|g_main_context_invoke"#)
            .filter { line in !allowed.contains { line.hasPrefix($0) } }
        #expect(hops.isEmpty, "\(hops.joined(separator: "\n"))")
        // And through the hop only by `send` (to a MainThreadOwner) or `reply`.
        let untyped = try Self.offending(Self.sources(), #"MainThreadHop\.(?!send\(|reply\()"#)
        #expect(untyped.isEmpty, "\(untyped.joined(separator: "\n"))")
    }

    /// The most `@unchecked Sendable` and `nonisolated(unsafe)` Sources may
    /// hold: lower these as types move to checked state, never raise them.
    static let uncheckedSendableLimit = 12
    static let nonisolatedUnsafeLimit = 3

    @Test("the escape hatches of strict concurrency do not grow, and each says what makes it safe")
    func escapeHatchesCounted() throws {
        let files = try Self.sources()
        let unchecked = try Self.offending(files, #"@unchecked\s+Sendable"#)
        let unsafe = try Self.offending(files, #"nonisolated\(unsafe\)"#)
        #expect(unchecked.count <= Self.uncheckedSendableLimit, "\(unchecked.count):\n\(unchecked.joined(separator: "\n"))")
        #expect(unsafe.count <= Self.nonisolatedUnsafeLimit, "\(unsafe.count):\n\(unsafe.joined(separator: "\n"))")

        // The line above each (or the one above that) starts with the hatch's name and says why it holds.
        var unexplained: [String] = []
        for file in files {
            for (number, line) in file.lines.enumerated() {
                let code = String(line).components(separatedBy: "//").first ?? ""
                let hatch = code.range(of: #"@unchecked\s+Sendable"#, options: .regularExpression) != nil ? "`@unchecked Sendable`:"
                    : code.contains("nonisolated(unsafe)") ? "`nonisolated(unsafe)`:" : nil
                guard let hatch else { continue }
                let above = file.lines[max(0, number - 2)..<number].map { $0.trimmingCharacters(in: .whitespaces) }
                if !above.contains(where: { $0.hasPrefix("/// " + hatch) || $0.hasPrefix("// " + hatch) }) {
                    unexplained.append("\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(unexplained.isEmpty, "say what makes each safe:\n\(unexplained.joined(separator: "\n"))")
    }
}
