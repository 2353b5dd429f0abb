import FeedCore
import FeedGObject
import Foundation

/// Likes of a service's posts, sent as the user's account: Mastodon's
/// favourite and unfavourite (`POST /api/v1/statuses/:id/favourite`),
/// PeerTube's rating (`PUT /api/v1/videos/{id}/rate`, `like` or `none`).
/// GTK thread only; one per service source, made with its credential.
///
/// Without an account on the server (``canLike`` false) nothing is sent:
/// the session offers a sign-in instead. A 401 renews the token once (a
/// PeerTube refresh) and sends again.
@MainActor
public final class ServiceLikes {
    public let service: ServiceAddress.Service
    /// `HOST[:PORT]`.
    public let server: String
    public let credential: ServiceCredential?
    private let base: URL
    private let session: GObjectRef

    /// Nil for a server that is not one, and for Bluesky, whose likes are
    /// records in the user's repository, not a call on a post.
    public init?(service: ServiceAddress.Service, server: String, credential: ServiceCredential?, session: GObjectRef) {
        guard service != .bluesky, let base = URL(serverBase: server) else { return nil }
        self.service = service
        self.server = server
        self.credential = credential
        self.base = base
        self.session = session
    }

    /// Whether a like can go to the server now: an account with a token.
    public var canLike: Bool { credential?.authorization(for: base) != nil }

    /// Sends the like of `postID`; `completion` once, later, with the state
    /// the server holds.
    func send(postID: String, liked: Bool, seq: UInt64,
              completion: @escaping @MainActor (Result<LikeAnswer, LikeFailure>) -> Void) -> LikeInFlight {
        Request(likes: self, postID: postID, liked: liked, seq: seq, completion: completion)
    }

    private func call(postID: String, liked: Bool,
                      completion: @escaping @MainActor (Result<ServiceCall.Response, ServiceCall.Failure>) -> Void) -> ServiceCall? {
        guard let authorization = credential?.authorization(for: base) else { return nil }
        let bearer = String(authorization.dropFirst("Bearer ".count))
        switch service {
        case .mastodon:
            let url = base.appendingPathComponent("api/v1/statuses/\(postID)/\(liked ? "favourite" : "unfavourite")")
            return ServiceCall(.post, url, form: [], bearer: bearer, session: session, completion: completion)
        case .peertube:
            let url = base.appendingPathComponent("api/v1/videos/\(postID)/rate")
            return ServiceCall(.put, url, form: [("rating", liked ? "like" : "none")], bearer: bearer,
                               session: session, completion: completion)
        case .bluesky:
            return nil // never made (init)
        }
    }

    /// What the answer says the server now holds.
    private func answer(_ response: ServiceCall.Response, liked: Bool) -> Result<LikeAnswer, LikeFailure> {
        switch service {
        case .peertube, .bluesky:
            // 204, no body: the rating is what was asked; the count is not given.
            return .success(LikeAnswer(liked: liked, likes: nil))
        case .mastodon:
            struct Status: Decodable {
                var favourited: Bool?
                var favouritesCount: Int?
            }
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            guard let status = try? decoder.decode(Status.self, from: response.body) else {
                return .failure(.badAnswer(tr("not a status")))
            }
            let count = status.favouritesCount.flatMap { FeedValueRules.likesRange.contains($0) ? $0 : nil }
            return .success(LikeAnswer(liked: status.favourited ?? liked, likes: count))
        }
    }

    /// One like on its way, renewing the token once on a 401.
    private final class Request: LikeInFlight {
        let seq: UInt64
        private weak var likes: ServiceLikes?
        private let postID: String
        private let liked: Bool
        private var call: ServiceCall?
        private var renewed = false
        private var completion: (@MainActor (Result<LikeAnswer, LikeFailure>) -> Void)?

        init(likes: ServiceLikes, postID: String, liked: Bool, seq: UInt64,
             completion: @escaping @MainActor (Result<LikeAnswer, LikeFailure>) -> Void) {
            self.likes = likes
            self.postID = postID
            self.liked = liked
            self.seq = seq
            self.completion = completion
            send()
        }

        func cancel() {
            completion = nil
            call?.cancel()
            call = nil
        }

        private func send() {
            call = likes?.call(postID: postID, liked: liked) { [weak self] result in self?.answered(result) }
            if call == nil {
                MainLoopSource.idle { [weak self] in
                    self?.finish(.failure(.httpStatus(401)))
                    return false
                }
            }
        }

        private func answered(_ result: Result<ServiceCall.Response, ServiceCall.Failure>) {
            call = nil
            switch result {
            case .failure(.network(let message)): finish(.failure(.network(message)))
            case .failure(.timedOut): finish(.failure(.timedOut(seconds: ServiceCall.timeoutSeconds)))
            case .failure(let other): finish(.failure(.badAnswer("\(other)")))
            case .success(let response) where response.status == 401 && !renewed:
                renewed = true
                guard let credential = likes?.credential else { return finish(.failure(.httpStatus(401))) }
                credential.renew { [weak self] ok in
                    guard let self, completion != nil else { return }
                    if ok { send() } else { finish(.failure(.httpStatus(401))) }
                }
            case .success(let response) where !(200..<300).contains(response.status):
                finish(.failure(.httpStatus(response.status)))
            case .success(let response):
                guard let likes else { return }
                finish(likes.answer(response, liked: liked))
            }
        }

        private func finish(_ result: Result<LikeAnswer, LikeFailure>) {
            guard let completion else { return }
            self.completion = nil
            completion(result)
        }
    }
}
