import FeedCore
import FeedGObject

/// Why a sign-in, a refresh or a sign-out did not happen, in the user's
/// words (`description`).
public enum SignInFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No loopback port could be opened for the browser's answer.
    case listen(String)
    /// The server could not be reached, or its answer could not be read.
    case unreachable(server: String, String)
    /// The server refused Flick's loopback address as a redirect.
    case loopbackRefused(server: String)
    /// A status the step does not expect.
    case status(server: String, Int)
    /// The answer is not what the service documents.
    case badAnswer(server: String, String)
    /// The user (or the server) said no on the authorize page.
    case denied(server: String)
    /// No answer came from the browser in time.
    case timedOut(server: String)
    /// PeerTube: the user name or password is wrong.
    case wrongPassword(server: String)
    /// PeerTube: the account has two-factor sign-in and a code is needed (or was wrong).
    case needsCode(server: String)
    /// The token no longer works (expired, revoked).
    case expired(server: String)

    public var description: String {
        switch self {
        case .listen(let reason):
            return tr("Flick could not listen for the browser’s answer: %1$s").filled(reason)
        case .unreachable(let server, let message):
            return tr("Could not reach %1$s: %2$s").filled(server, message)
        case .loopbackRefused(let server):
            return tr("%1$s does not accept sign-in from a desktop app (it refused the loopback address Flick listens on).").filled(server)
        case .status(let server, let status):
            return tr("%1$s refused the sign-in (HTTP %2$s).").filled(server, "\(status)")
        case .badAnswer(let server, let what):
            return tr("%1$s did not answer as expected: %2$s").filled(server, what)
        case .denied(let server):
            return tr("The sign-in to %1$s was refused on its page.").filled(server)
        case .timedOut(let server):
            return tr("No answer came from the browser for %1$s in 5 minutes.").filled(server)
        case .wrongPassword(let server):
            return tr("%1$s did not accept this user name and password.").filled(server)
        case .needsCode(let server):
            return tr("%1$s asks for the code of your two-factor app.").filled(server)
        case .expired(let server):
            return tr("Signed out of %1$s — sign in again").filled(server)
        }
    }

    /// A call's 2xx answer; else nil, having told `fail` what the answer
    /// means for `server`. `special` words a status the step knows better
    /// (nil: the plain reading).
    static func accepted(_ result: Result<ServiceCall.Response, ServiceCall.Failure>, server: String,
                         special: (ServiceCall.Response) -> SignInFailure? = { _ in nil },
                         else fail: (SignInFailure) -> Void) -> ServiceCall.Response? {
        switch result {
        case .failure(let failure):
            fail(.from(failure, server: server))
        case .success(let answer):
            if let failure = special(answer) {
                fail(failure)
            } else if (200..<300).contains(answer.status) {
                return answer
            } else {
                fail(.status(server: server, answer.status))
            }
        }
        return nil
    }

    /// A call's failure, for `server`.
    static func from(_ failure: ServiceCall.Failure, server: String) -> SignInFailure {
        switch failure {
        case .invalidURL: return .unreachable(server: server, tr("not a usable address"))
        case .network(let message): return .unreachable(server: server, message)
        case .timedOut: return .unreachable(server: server, tr("no answer in 30 seconds"))
        case .tooLarge: return .badAnswer(server: server, tr("the answer is too large"))
        }
    }
}
