/// A post as a record in its author's repository (Bluesky's): its CID,
/// which a like names beside the post's URI, and the user's own like
/// record of it when they liked it (an AT URI), which an unlike deletes.
/// Values only.
public struct ServiceRecord: Sendable, Hashable {
    public var cid: String
    public var like: String?

    public init(cid: String, like: String?) {
        self.cid = cid
        self.like = like
    }
}
