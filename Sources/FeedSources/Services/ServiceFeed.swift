import FeedCore
import FeedGObject
import Foundation

/// Opens an explicit service address (``FeedCore/ServiceAddress``) as a
/// feed source: a PeerTube instance, channel or account, a Mastodon or
/// Pixelfed timeline, a Loops feed or a Lemmy community. GTK thread only.
@MainActor
public enum ServiceFeed {
    /// The source and what the user reads for it ("#cats on HOST"); nil
    /// when the address does not make a usable URL.
    /// - Parameter pageHeight: the feed page's height in device pixels
    ///   now, for PeerTube's file choice. `credential`: the user's account
    ///   on the address's server, if any.
    public static func source(for address: ServiceAddress, session: GObjectRef, credential: ServiceCredential? = nil,
                              pageHeight: @escaping @MainActor () -> Int) -> (source: FeedSource, name: String)? {
        switch address.service {
        case .peertube:
            guard let source = PeerTubeSource(address: address, session: session, credential: credential,
                                              pageHeight: pageHeight) else { return nil }
            return (source, source.displayName)
        case .mastodon:
            guard let url = MastodonTimeline.url(address) else { return nil }
            let likes = ServiceLikes(service: .mastodon, server: address.server, credential: credential, session: session)
            let source = PagedFeedSource(url: url, format: .mastodon, session: session, credential: credential,
                                         serviceLikes: likes) { error in
                MastodonTimeline.explain(error, address: address)
            }
            return (source, MastodonTimeline.describe(address))
        case .loops:
            guard let source = LoopsSource(address: address, session: session, credential: credential) else { return nil }
            return (source, source.displayName)
        case .pixelfed:
            guard let source = PixelfedSource(address: address, session: session, credential: credential) else { return nil }
            return (source, source.displayName)
        case .lemmy:
            guard let source = LemmySource(address: address, session: session, pageHeight: pageHeight) else { return nil }
            return (source, source.displayName)
        case .bluesky:
            return nil // Bluesky's addresses are BlueskyAddresses (BlueskySource)
        }
    }
}
