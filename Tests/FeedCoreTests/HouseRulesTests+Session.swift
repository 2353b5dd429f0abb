import Foundation
import Testing

/// The house rules of the session's one door, read from the sources: the
/// view and the app give commands through `send` and read one snapshot, so
/// FeedSession's public surface stays small and nobody reaches past it.
extension HouseRulesTests {
    /// The most public members FeedSession may declare (its initialiser,
    /// attach/detach, push, send, snapshot, start, reload, shutdown and the
    /// value types of its updates and inputs).
    static let sessionPublicLimit = 16
    /// The most distinct session members FeedUI, or the app, may use.
    static let sessionMembersUsedLimit = 8

    @Test("FeedSession's public surface is its door: at most 16 public members")
    func sessionSurfaceIsSmall() throws {
        let files = try Self.sources("FeedMedia").filter { $0.path.contains("/Session/FeedSession") }
        var members: [String] = []
        for file in files {
            for line in file.lines where line.hasPrefix("    public ") || line.hasPrefix("public final class FeedSession") {
                members.append(String(line).trimmingCharacters(in: .whitespaces))
            }
        }
        // The class line itself is not a member.
        members.removeAll { $0.hasPrefix("public final class") }
        #expect(members.count <= Self.sessionPublicLimit, "\(members.count):\n\(members.joined(separator: "\n"))")
        #expect(members.contains { $0.hasPrefix("public func send(_ command: SessionCommand)") }, "the command entry")
        #expect(members.contains { $0.hasPrefix("public func snapshot(") }, "the snapshot")
    }

    @Test("FeedUI and the app use at most 8 session members each: commands and the snapshot")
    func sessionMembersUsed() throws {
        for module in ["FeedUI", "Flick"] {
            let files = try Self.sources(module)
            var used: Set<String> = []
            let pattern = try NSRegularExpression(pattern: #"\bsession\??\.([A-Za-z_]+)"#)
            for file in files {
                for line in file.lines {
                    let code = String(line).components(separatedBy: "//").first ?? ""
                    let range = NSRange(code.startIndex..., in: code)
                    for match in pattern.matches(in: code, range: range) {
                        if let name = Range(match.range(at: 1), in: code) { used.insert(String(code[name])) }
                    }
                }
            }
            #expect(used.count <= Self.sessionMembersUsedLimit, "\(module): \(used.sorted())")
            #expect(used.contains("send"), "\(module) acts through send")
        }
        // The feed view passes nothing of its session on.
        let view = try Self.offending(Self.sources("FeedUI"), #"^\s*(public|package)\s+(let|var)\s+session\b"#)
        #expect(view.isEmpty, "\(view.joined(separator: "\n"))")
    }

    @Test("the session's parts answer calls with effects and post later news to its inbox: no handler is set on them")
    func partsTalkBackOneWay() throws {
        let files = try Self.sources("FeedMedia").filter { $0.path.contains("/Session/") }
        // A closure stored on a part (`pool.captionFor = {`, `likes.onChange = {`)
        // is a second way back into the session beside the inbox.
        let handlers = try Self.offending(files, #"^\s*(self\.)?(pool|likes|stills|feed|health|wiring|postTimer)\??\.\w+\s*=\s*\{"#)
        #expect(handlers.isEmpty, "a handler set on a session part:\n\(handlers.joined(separator: "\n"))")
        let inbox = try #require(files.first { $0.path.hasSuffix("/SessionInbox.swift") })
        #expect(inbox.lines.contains { $0.contains("func post(_ event: SessionEvent)") }, "the inbox takes typed events")
    }
}
