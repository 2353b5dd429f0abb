import FeedCore
import FeedGObject
import Foundation

/// Likes of a service's posts, sent as the user's account: Mastodon's
/// favourite and unfavourite (`POST /api/v1/statuses/:id/favourite`),
/// PeerTube's rating (`PUT /api/v1/videos/{id}/rate`, `like` or `none`),
/// Bluesky's `app.bsky.feed.like` record created in the user's repository
/// (`com.atproto.repo.createRecord`, subject the post's URI and CID) and
/// deleted again (`deleteRecord`, by its record key), Pixelfed's
/// favourites as Mastodon's, and Loops's `POST /api/v1/video/like/{id}`
/// and `/unlike/{id}`. Lemmy's votes are not sent (no Lemmy accounts).
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

    /// Nil for a server that is not one (Bluesky's: the account's PDS).
    public init?(service: ServiceAddress.Service, server: String, credential: ServiceCredential?, session: GObjectRef) {
        guard let base = URL(serverBase: server) else { return nil }
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
    func send(postID: String, record: ServiceRecord? = nil, liked: Bool, seq: UInt64,
              completion: @escaping @MainActor (Result<LikeAnswer, LikeFailure>) -> Void) -> LikeInFlight {
        Request(likes: self, postID: postID, record: record, liked: liked, seq: seq, completion: completion)
    }

    /// What needs no call: a Bluesky unlike with no like record known
    /// (there is nothing of the user's to delete).
    private func answeredAtOnce(liked: Bool, record: ServiceRecord?) -> LikeAnswer? {
        service == .bluesky && !liked && record?.like == nil ? LikeAnswer(liked: false, likes: nil) : nil
    }

    private func call(postID: String, record: ServiceRecord?, liked: Bool,
                      completion: @escaping @MainActor (Result<ServiceCall.Response, ServiceCall.Failure>) -> Void) -> ServiceCall? {
        guard let authorization = credential?.authorization(for: base) else { return nil }
        let bearer = String(authorization.dropFirst("Bearer ".count))
        switch service {
        case .mastodon, .pixelfed:
            let url = base.appendingPathComponent("api/v1/statuses/\(postID)/\(liked ? "favourite" : "unfavourite")")
            return ServiceCall(.post, url, form: [], bearer: bearer, session: session, completion: completion)
        case .loops:
            let url = base.appendingPathComponent("api/v1/video/\(liked ? "like" : "unlike")/\(postID)")
            return ServiceCall(.post, url, form: [], bearer: bearer, session: session, completion: completion)
        case .lemmy:
            return nil
        case .peertube:
            let url = base.appendingPathComponent("api/v1/videos/\(postID)/rate")
            return ServiceCall(.put, url, form: [("rating", liked ? "like" : "none")], bearer: bearer,
                               session: session, completion: completion)
        case .bluesky:
            guard let did = credential?.did, let body = BlueskyLikeRecord.body(liked: liked, postURI: postID, record: record, repo: did)
            else { return nil }
            let method = liked ? "com.atproto.repo.createRecord" : "com.atproto.repo.deleteRecord"
            return ServiceCall(.post, base.appendingPathComponent("xrpc/\(method)"), json: body, bearer: bearer,
                               session: session, completion: completion)
        }
    }

    /// What the answer says the server now holds.
    private func answer(_ response: ServiceCall.Response, liked: Bool) -> Result<LikeAnswer, LikeFailure> {
        switch service {
        case .peertube:
            // 204, no body: the rating is what was asked; the count is not given.
            return .success(LikeAnswer(liked: liked, likes: nil))
        case .bluesky:
            guard liked else { return .success(LikeAnswer(liked: false, likes: nil)) }
            guard let made = BlueskyLikeRecord.made(response.body, repo: credential?.did) else {
                return .failure(.badAnswer(tr("no like record")))
            }
            return .success(LikeAnswer(liked: true, likes: nil, record: made))
        case .loops:
            // The video as it is now: `has_liked` and `likes`.
            struct Video: Decodable {
                var hasLiked: Bool?
                var likes: Int?
            }
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            guard let video = try? decoder.decode(Video.self, from: response.body) else {
                return .failure(.badAnswer(tr("not a Loops video")))
            }
            let count = video.likes.flatMap { FeedValueRules.likesRange.contains($0) ? $0 : nil }
            return .success(LikeAnswer(liked: video.hasLiked ?? liked, likes: count))
        case .mastodon, .pixelfed, .lemmy:
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
        private let record: ServiceRecord?
        private let liked: Bool
        private var call: ServiceCall?
        private var renewed = false
        private var completion: (@MainActor (Result<LikeAnswer, LikeFailure>) -> Void)?

        init(likes: ServiceLikes, postID: String, record: ServiceRecord?, liked: Bool, seq: UInt64,
             completion: @escaping @MainActor (Result<LikeAnswer, LikeFailure>) -> Void) {
            self.likes = likes
            self.postID = postID
            self.record = record
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
            if let answer = likes?.answeredAtOnce(liked: liked, record: record) {
                MainLoopSource.idle { [weak self] in
                    self?.finish(.success(answer))
                    return false
                }
                return
            }
            call = likes?.call(postID: postID, record: record, liked: liked) { [weak self] result in self?.answered(result) }
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
            case .success(let response) where ServiceCredential.refused(status: response.status, body: response.body) && !renewed:
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
