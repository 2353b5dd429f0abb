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
