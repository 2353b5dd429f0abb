import CGLib
import CSecret
import FeedCore
import FeedGObject
import Foundation

/// Account tokens in the Secret Service (GNOME Keyring, KWallet's
/// bridge…) through libsecret: one item per account under the schema
/// `io.github.flick.Flick.Account`, attributes `server` and `account`,
/// the secret an ``AccountToken`` as JSON. Nothing of it touches a file
/// of Flick's.
///
/// GTK thread only; every call is libsecret's async one, answered on the
/// GTK thread, so no keyring prompt or D-Bus round trip blocks a frame.
/// Without a Secret Service (no daemon on the session bus) each call
/// fails with ``Failure/unavailable``: the caller keeps the token for
/// the run and says it will not be remembered.
@MainActor
public final class SecretStore {
    public enum Failure: Error, Sendable, Equatable {
        /// No Secret Service answers on the session bus, or it refused.
        case unavailable(String)
        /// An item is there but is not a token Flick wrote.
        case unreadable
    }

    /// The schema's name: also what `secret-tool` searches by.
    public static let schemaName = "io.github.flick.Flick.Account"
    /// The longest secret read back, in bytes (a token is a few hundred).
    static let maxSecretBytes = 64 * 1024
    /// The longest wait for the Secret Service, in seconds: a keyring that
    /// asks to be unlocked and gets no answer must not hold a sign-in.
    static let timeoutSeconds: UInt32 = 20

    private let schema: UnsafeMutablePointer<SecretSchema>

    public init() {
        let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
        for name in ["server", "account"] {
            // SECRET_SCHEMA_ATTRIBUTE_STRING is 0: the value is GINT_TO_POINTER(0).
            g_hash_table_insert(types, g_strdup(name), nil)
        }
        schema = secret_schema_newv(Self.schemaName, SECRET_SCHEMA_NONE, types)
        g_hash_table_unref(types)
    }

    isolated deinit {
        secret_schema_unref(schema)
    }

    /// Keeps `token` for `account`, replacing what was kept.
    public func store(_ token: AccountToken, for account: Account,
                      completion: @escaping @MainActor (Result<Void, Failure>) -> Void) {
        guard let json = try? JSONEncoder().encode(token) else {
            completion(.failure(.unreadable))
            return
        }
        let attributes = Self.attributes(account)
        defer { g_hash_table_unref(attributes) }
        let label = "Flick: \(account.label)"
        let deadline = Deadline()
        secret_password_storev(schema, attributes, nil, label, String(decoding: json, as: UTF8.self), deadline.cancellable,
                               AsyncReady.callback, AsyncReady.userData { result in
            deadline.end()
            var error: UnsafeMutablePointer<GError>?
            let stored = secret_password_store_finish(result, &error) != 0
            completion(stored ? .success(()) : .failure(.unavailable(Self.take(error))))
        })
    }

    /// The token kept for `account`: nil when none is kept.
    public func lookup(_ account: Account, completion: @escaping @MainActor (Result<AccountToken?, Failure>) -> Void) {
        let attributes = Self.attributes(account)
        defer { g_hash_table_unref(attributes) }
        let deadline = Deadline()
        secret_password_lookupv(schema, attributes, deadline.cancellable, AsyncReady.callback, AsyncReady.userData { result in
            deadline.end()
            var error: UnsafeMutablePointer<GError>?
            let secret = secret_password_lookup_finish(result, &error)
            if error != nil {
                completion(.failure(.unavailable(Self.take(error))))
                return
            }
            guard let secret else {
                completion(.success(nil))
                return
            }
            let length = strnlen(secret, Self.maxSecretBytes + 1)
            let bytes = Data(bytes: secret, count: length)
            secret_password_free(secret)
            guard length <= Self.maxSecretBytes,
                  let token = try? JSONDecoder().decode(AccountToken.self, from: bytes), token.isValid else {
                completion(.failure(.unreadable))
                return
            }
            completion(.success(token))
        })
    }

    /// Forgets the token kept for `account`; succeeds when none was kept.
    public func clear(_ account: Account, completion: @escaping @MainActor (Result<Void, Failure>) -> Void) {
        let attributes = Self.attributes(account)
        defer { g_hash_table_unref(attributes) }
        let deadline = Deadline()
        secret_password_clearv(schema, attributes, deadline.cancellable, AsyncReady.callback, AsyncReady.userData { result in
            deadline.end()
            var error: UnsafeMutablePointer<GError>?
            _ = secret_password_clear_finish(result, &error)
            completion(error == nil ? .success(()) : .failure(.unavailable(Self.take(error))))
        })
    }

    /// A cancellable that cancels itself after ``timeoutSeconds``.
    @MainActor
    private final class Deadline {
        private let object: GObjectRef
        private var timer: MainLoopSource?

        init() {
            object = GObjectRef(owning: UnsafeMutableRawPointer(g_cancellable_new()))!
            let object = self.object
            timer = MainLoopSource.after(milliseconds: SecretStore.timeoutSeconds * 1000) {
                g_cancellable_cancel(object.pointer(as: GCancellable.self))
            }
        }

        var cancellable: UnsafeMutablePointer<GCancellable> { object.pointer(as: GCancellable.self) }

        func end() {
            timer?.cancel()
            timer = nil
        }
    }

    private static func attributes(_ account: Account) -> OpaquePointer {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)!
        g_hash_table_insert(table, g_strdup("server"), g_strdup(account.server))
        g_hash_table_insert(table, g_strdup("account"), g_strdup(account.name))
        return table
    }

    /// The error's message (freed here).
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no answer" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "no message"
    }
}
