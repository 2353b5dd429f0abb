import FeedCore
import FeedGObject

extension BlueskyAddress.Problem {
    /// Why the text is not a Bluesky address, in the user's language; the
    /// forms (`bsky:HANDLE`…) are what the user types and stay as they are.
    var localizedDescription: String {
        switch kind {
        case .badActor:
            // Translators: the forms after "bsky:" are typed as they are; do not translate them.
            return tr("‘%1$s’ does not name a Bluesky account: bsky:HANDLE (like alice.bsky.social) or bsky:did:plc:…").filled(text)
        case .badRecordKey:
            return tr("‘%1$s’ has a record key Bluesky does not use (letters, digits and . _ ~ : -, at most 512)").filled(text)
        case .unknownPath:
            return tr("‘%1$s’ is not a Bluesky address: bsky:HANDLE, with /feed/RKEY or /post/RKEY, or bsky:home").filled(text)
        }
    }
}
