// Pure: values only, imports Foundation at most.

/// What the one-shot sign-in listener makes of a request the browser
/// sends it (RFC 8252's loopback redirect): the authorization code, or
/// why the request is refused. Anything on the loopback port may send
/// one, so only the path the sign-in gave, once, with the `state` it made,
/// is an answer.
public enum OAuthCallback {
    public enum Outcome: Sendable, Equatable {
        /// The server's code for this sign-in.
        case code(String)
        /// The user said no at the server (`error=access_denied`), or the
        /// server refused for another reason it named (cut to 200).
        case denied(String)
        /// Not an answer to this sign-in: it is refused and the listener
        /// keeps waiting.
        case ignored(Ignored)
    }

    public enum Ignored: String, Sendable, Equatable, Codable {
        /// Another path (a browser's `/favicon.ico`, a probe).
        case wrongPath
        /// No `state`, or not this sign-in's: possibly a forged request.
        case wrongState
        /// The right state but no usable code.
        case noCode
        /// The sign-in has its answer already.
        case alreadyAnswered
    }

    /// The longest code accepted, in bytes.
    public static let maxCodeBytes = 2_048

    /// Decides for one request.
    /// - Parameters:
    ///   - path: the request's path; the listener's is `/callback`.
    ///   - query: its query's fields, decoded, first value of each.
    ///   - state: the state the sign-in sent to the server.
    ///   - answered: whether an earlier request was already taken.
    public static func decide(path: String, query: [String: String], state: String, answered: Bool) -> Outcome {
        guard path == "/callback" else { return .ignored(.wrongPath) }
        guard let given = query["state"], !state.isEmpty, given == state else { return .ignored(.wrongState) }
        guard !answered else { return .ignored(.alreadyAnswered) }
        if let error = query["error"] {
            return .denied(String(error.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
                .prefix(200).map(Character.init)))
        }
        guard let code = query["code"], !code.isEmpty, code.utf8.count <= maxCodeBytes,
              code.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            return .ignored(.noCode)
        }
        return .code(code)
    }
}
