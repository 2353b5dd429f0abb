import FeedCore
import FeedGObject

extension ServiceAddress.Problem {
    /// Why the text is not a service address, in the user's language; the
    /// forms (`peertube:HOST[:PORT]`…) are what the user types and stay as they are.
    var localizedDescription: String {
        switch (kind, service) {
        case (.noHost, _):
            // Translators: what was typed, then the address's form (peertube:HOST[:PORT]…), kept as it is.
            return tr("‘%1$s’ does not name a host (%2$s)").filled(text, "\(service.rawValue):HOST[:PORT]…")
        case (.unknownPath, .peertube):
            // Translators: the forms after the colon are typed as they are; do not translate them.
            return tr("‘%1$s’ is not a PeerTube address: peertube:HOST[:PORT], with /c/CHANNEL, /a/ACCOUNT, /trending, /recent, /local, /subscriptions or /watch-later")
                .filled(text)
        case (.unknownPath, .bluesky):
            return tr("‘%1$s’ is not a Bluesky address: bsky:HANDLE, with /feed/RKEY or /post/RKEY, or bsky:home").filled(text)
        case (.unknownPath, .loops):
            return tr("‘%1$s’ is not a Loops address: loops:HOST[:PORT], with /@USER, /tags/NAME, /for-you or /following").filled(text)
        case (.unknownPath, .pixelfed):
            return tr("‘%1$s’ is not a Pixelfed address: pixelfed:HOST[:PORT]/tags/NAME, /@USER or /home").filled(text)
        case (.unknownPath, .lemmy):
            return tr("‘%1$s’ is not a Lemmy address: lemmy:HOST[:PORT], with /c/COMMUNITY[@INSTANCE]").filled(text)
        case (.unknownPath, .mastodon):
            return tr("‘%1$s’ is not a Mastodon address: mastodon:HOST[:PORT]/tags/NAME, /local, /public, /home, /favourites or /bookmarks").filled(text)
        }
    }
}
