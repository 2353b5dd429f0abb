// Pure: values only, imports Foundation at most.

import Foundation

/// What a Lemmy post's link is to Flick: a video or picture to show, a
/// PeerTube video to play through Flick's PeerTube support, or nothing
/// (a text post, a link to a web page, an address Flick will not fetch).
///
/// The post's `url_content_type` decides when the server gave one
/// (`video/*` or an HLS type: a video; `image/*`: a picture); without
/// one, the address's extension does (``MediaKindRule/knownKind(ofAddress:)``).
/// A PeerTube address (`/videos/watch/ID`, `/w/ID`, `/videos/embed/ID`)
/// in `embed_video_url` or `url` is a PeerTube video. Only http(s)
/// addresses on public hosts are followed: a post may point at a loopback
/// or private address only when its server is on loopback too (a server
/// on this computer, as in tests).
public enum LemmyLink {
    public enum Decision: Sendable, Equatable {
        case video(String)
        case image(String)
        /// The PeerTube instance (`https://HOST[:PORT]`) and the video's id.
        case peertube(base: String, id: String)
        case skip(Reason)
    }

    /// Why a post shows nothing: stable English for logs and tables.
    public enum Reason: String, Error, Sendable, Equatable, Codable {
        case noLink = "a text post, without a link"
        case notWeb = "its link is not an http(s) address"
        case privateAddress = "its link is to a private address"
        case notMedia = "its link is to a web page, not a video or picture"
    }

    /// The decision for a post with link `url`, `contentType` (the
    /// server's `url_content_type`) and `embedVideo` (`embed_video_url`),
    /// read from a server on loopback or not.
    public static func decide(url: String?, contentType: String?, embedVideo: String?, serverIsLoopback: Bool) -> Decision {
        let candidates = [embedVideo, url].compactMap { $0 }.filter { !$0.isEmpty }
        guard !candidates.isEmpty else { return .skip(.noLink) }
        var refusal: Reason?
        for link in candidates {
            switch checked(link, serverIsLoopback: serverIsLoopback) {
            case .failure(let reason):
                refusal = refusal ?? reason
            case .success(let parts):
                if let id = peerTubeID(path: parts.path) { return .peertube(base: parts.base, id: id) }
            }
        }
        guard let url, !url.isEmpty else { return .skip(refusal ?? .notMedia) }
        if case .failure(let reason) = checked(url, serverIsLoopback: serverIsLoopback) { return .skip(reason) }
        let kind = if let contentType, !contentType.isEmpty {
            MediaKindRule.kind(ofMIMEType: contentType)
        } else {
            MediaKindRule.knownKind(ofAddress: url)
        }
        switch kind {
        case .video: return .video(url)
        case .image: return .image(url)
        case .audio, nil: return .skip(.notMedia)
        }
    }

    /// The id in a PeerTube video page's or embed's path; nil for any other path.
    public static func peerTubeID(path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        let id: String
        switch parts.count {
        case 2 where parts[0] == "w": id = parts[1]
        case 3 where parts[0] == "videos" && (parts[1] == "watch" || parts[1] == "embed"): id = parts[2]
        default: return nil
        }
        // A UUID (36 with dashes) or PeerTube's short id (base58, about 22).
        guard (8...40).contains(id.utf8.count),
              id.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") })
        else { return nil }
        return id
    }

    /// `link`'s origin and path when it is an http(s) address Flick may
    /// fetch from a server on loopback or not.
    private static func checked(_ link: String, serverIsLoopback: Bool) -> Result<(base: String, path: String), Reason> {
        guard let components = URLComponents(string: link), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let rawHost = components.host, !rawHost.isEmpty,
              components.user == nil, components.password == nil else { return .failure(.notWeb) }
        let host = rawHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        let local = ServiceAddress.isLoopback(host) || BlueskyIdentity.isPrivate(host)
        guard !local || serverIsLoopback else { return .failure(.privateAddress) }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return .success(("\(scheme)://\(shownHost)\(components.port.map { ":\($0)" } ?? "")", components.path))
    }
}
