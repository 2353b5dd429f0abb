import FeedCore
import Testing

struct OAuthCallbackRow: TableRow {
    var name: String
    var path: String
    var query: [String: String]
    var state: String
    var answered: Bool?
    /// One of: code, denied, ignored.
    var outcome: String
    /// The code, the denial's reason or the ignored kind.
    var value: String
}

struct AccountRow: TableRow {
    var name: String
    var service: String
    var server: String
    var account: String
    var displayName: String
    /// nil: refused.
    var kept: String?
    var shownName: String?
}

struct AccountListRow: TableRow {
    var name: String
    /// `service server name` each, added in order.
    var added: [String]
    /// `server name` each, removed in order after.
    var removed: [String]?
    /// `name@server` each.
    var listed: [String]
    /// An address asked for and the account that reads it (`name@server`), or nil.
    var address: String?
    var reads: String?
}

struct AccountTokenRow: TableRow {
    var name: String
    var token: AccountToken
    var valid: Bool
    var now: Double?
    var needsRefresh: Bool?
    var expiresIn: Double?
    var expiry: Double?
}

/// Accounts: the sign-in listener's answer, what an account must be to be
/// kept, the list of them, and when a token is refreshed.
struct AccountDecisionTests {
    @Test("the sign-in listener takes only this sign-in's answer, once", arguments: try Table.rows("oauth-callback.json", as: OAuthCallbackRow.self))
    func callback(row: OAuthCallbackRow) {
        let outcome = OAuthCallback.decide(path: row.path, query: row.query, state: row.state, answered: row.answered ?? false)
        let shown: (String, String) = switch outcome {
        case .code(let code): ("code", code)
        case .denied(let reason): ("denied", reason)
        case .ignored(let why): ("ignored", why.rawValue)
        }
        #expect(shown.0 == row.outcome && shown.1 == row.value, "\(row.name): \(shown)")
    }

    @Test("an account is kept only when its parts read as one", arguments: try Table.rows("accounts.json", as: AccountRow.self))
    func account(row: AccountRow) {
        let made = ServiceAddress.Service(rawValue: row.service).flatMap {
            Account.checked(service: $0, server: row.server, name: row.account, displayName: row.displayName)
        }
        #expect(made?.label == row.kept, "\(row.name)")
        if let shown = row.shownName { #expect(made?.displayName == shown, "\(row.name)") }
    }

    @Test("the account list keeps one per server, in order", arguments: try Table.rows("account-list.json", as: AccountListRow.self))
    func list(row: AccountListRow) throws {
        var list = AccountList()
        for text in row.added {
            let parts = text.split(separator: " ").map(String.init)
            let account = try #require(ServiceAddress.Service(rawValue: parts[0]).flatMap {
                Account.checked(service: $0, server: parts[1], name: parts[2], displayName: "")
            }, "\(row.name): \(text)")
            list.add(account)
        }
        for text in row.removed ?? [] {
            let parts = text.split(separator: " ").map(String.init)
            list.remove(server: parts[0], name: parts[1])
        }
        #expect(list.accounts.map(\.label) == row.listed, "\(row.name)")
        #expect(AccountList(rows: list.rows) == list, "\(row.name): saved and read back")
        if let text = row.address, case .success(let address)? = ServiceAddress.parse(text) {
            #expect(list.account(for: address)?.label == row.reads, "\(row.name)")
        }
    }

    @Test("a token is checked and refreshed as the row says", arguments: try Table.rows("account-token.json", as: AccountTokenRow.self))
    func token(row: AccountTokenRow) {
        #expect(row.token.isValid == row.valid, "\(row.name)")
        if let now = row.now, let refresh = row.needsRefresh {
            #expect(row.token.needsRefresh(now: now) == refresh, "\(row.name)")
        }
        if let now = row.now, row.expiresIn != nil || row.expiry != nil {
            #expect(AccountToken.expiry(now: now, expiresIn: row.expiresIn) == row.expiry, "\(row.name)")
        }
    }

    @Test("PKCE's encoding is RFC 7636's: base64url without padding")
    func base64URL() {
        // RFC 7636 appendix B: the verifier's 32 octets and their encoding.
        let octets: [UInt8] = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
                               22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121]
        #expect(Base64URL.encode(octets) == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode([]) == "")
    }
}

struct LocalLikesRow: TableRow {
    var name: String
    /// `+source post` likes, `-source post` unlikes, in order.
    var steps: [String]
    /// What is liked after, `source post` each, oldest first.
    var liked: [String]
    /// A file's bytes to read instead; `liked` is then what it reads as (nil: not a file).
    var file: String?
    var readsAsFile: Bool?
}

/// Likes kept on this computer: order, unlikes, and what a file reads as.
struct LocalLikesTests {
    @Test("local likes keep what the row says", arguments: try Table.rows("local-likes.json", as: LocalLikesRow.self))
    func likes(row: LocalLikesRow) {
        var likes = LocalLikes()
        if let file = row.file {
            let read = LocalLikes.decoded(Array(file.utf8))
            #expect((read != nil) == (row.readsAsFile ?? true), "\(row.name)")
            likes = read ?? LocalLikes()
        }
        for step in row.steps {
            let parts = step.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
            likes.set(LocalLikes.Key(source: parts[0], post: parts.count > 1 ? parts[1] : ""), liked: step.hasPrefix("+"))
        }
        #expect(likes.keys.map { "\($0.source) \($0.post)" } == row.liked, "\(row.name)")
        #expect(LocalLikes.decoded(likes.encoded()) == likes, "\(row.name): written and read back")
    }

    @Test("at most 100,000 likes are kept, the oldest going first")
    func limit() {
        var likes = LocalLikes()
        for number in 0...LocalLikes.limit { likes.set(LocalLikes.Key(source: "s", post: "\(number)"), liked: true) }
        #expect(likes.keys.count == LocalLikes.limit)
        #expect(!likes.contains(LocalLikes.Key(source: "s", post: "0")) && likes.contains(LocalLikes.Key(source: "s", post: "\(LocalLikes.limit)")))
    }
}
