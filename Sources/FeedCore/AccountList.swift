// Pure: values only, imports Foundation at most.

/// The accounts the user signed in to, in the order they were added: at
/// most one per service and server (signing in again there replaces it),
/// at most ``limit`` in all.
public struct AccountList: Sendable, Equatable {
    public private(set) var accounts: [Account]

    /// More than this many accounts are not kept (the settings value is
    /// read from disk and may have been written by anything).
    public static let limit = 50

    public init(_ accounts: [Account] = []) {
        self.accounts = []
        for account in accounts { add(account) }
    }

    /// Reads settings rows `(service, server, name, displayName)`: a row
    /// that is not an account is dropped, as is one past ``limit``.
    public init(rows: [(String, String, String, String)]) {
        self.init(rows.compactMap { row -> Account? in
            guard let service = ServiceAddress.Service(rawValue: row.0) else { return nil }
            return Account.checked(service: service, server: row.1, name: row.2, displayName: row.3)
        })
    }

    /// The rows to save, in order.
    public var rows: [(String, String, String, String)] {
        accounts.map { ($0.service.rawValue, $0.server, $0.name, $0.displayName) }
    }

    /// Adds `account`, in place of the one of its service and server if there is one.
    public mutating func add(_ account: Account) {
        if let index = accounts.firstIndex(where: { $0.service == account.service && $0.server == account.server }) {
            accounts[index] = account
        } else if accounts.count < Self.limit {
            accounts.append(account)
        }
    }

    /// Removes the account `name` on `server` (either service); whether there was one.
    @discardableResult
    public mutating func remove(server: String, name: String) -> Account? {
        guard let index = accounts.firstIndex(where: { $0.server == server.lowercased() && $0.name == name }) else { return nil }
        return accounts.remove(at: index)
    }

    /// The account whose token reads `address`'s server, if the user signed in there.
    public func account(for address: ServiceAddress) -> Account? {
        accounts.first { $0.service == address.service && $0.server == address.server }
    }
}
