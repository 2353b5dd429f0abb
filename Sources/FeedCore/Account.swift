// Pure: values only, imports Foundation at most.

/// One signed-in account: which service, on which server, as whom. What
/// the app lists and saves (GSettings `accounts`); its tokens are never
/// here but in the keyring, keyed by ``server`` and ``name``.
public struct Account: Sendable, Hashable, Codable {
    public var service: ServiceAddress.Service
    /// `HOST[:PORT]`, as ``ServiceAddress/server`` writes it.
    public var server: String
    /// The user name on the server (`acct` on Mastodon, `username` on PeerTube).
    public var name: String
    /// What the server says the user is called; may be empty.
    public var displayName: String

    public init(service: ServiceAddress.Service, server: String, name: String, displayName: String) {
        self.service = service
        self.server = server
        self.name = name
        self.displayName = displayName
    }

    /// `name@server`, as `flick account list` and `--report-state` write it.
    public var label: String { "\(name)@\(server)" }

    /// The longest name or display name kept, in Unicode scalars.
    public static let maxNameScalars = 200

    /// An account as read back from settings or a server's answer, or nil
    /// when a part is not one: the server must read as a service address's
    /// host and port, the name as a user name (letters, digits, `_`, `-`,
    /// `.`, no more than ``maxNameScalars``); a display name is cut and
    /// control characters dropped. Lemmy has no accounts in Flick (its
    /// posts are read as a visitor).
    public static func checked(service: ServiceAddress.Service, server: String, name: String,
                               displayName: String) -> Account? {
        guard service != .lemmy, let normalized = ServiceAddress.normalizedServer(server), isUserName(name) else { return nil }
        let shown = String(String.UnicodeScalarView(displayName.unicodeScalars
            .filter { !$0.properties.generalCategory.isControl }.prefix(maxNameScalars)))
        return Account(service: service, server: normalized, name: name, displayName: shown)
    }

    /// Letters, digits, `_`, `-` and `.`, 1 to ``maxNameScalars`` of them.
    public static func isUserName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.count <= maxNameScalars
            && name.unicodeScalars.allSatisfy { scalar in
                (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.".unicodeScalars.contains(scalar))
                    && !scalar.properties.isWhitespace
            }
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return true
        default: return false
        }
    }
}
