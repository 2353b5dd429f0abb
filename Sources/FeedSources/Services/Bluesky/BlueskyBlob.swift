import FeedCore
import Foundation

/// A blob of an account's repository (a video's WebVTT captions), as a
/// post names it: the account's DID and the blob's CID. A page carries it
/// as a caption's `at://DID/blob/CID` until ``BlueskySource`` knows the
/// account's PDS and makes it a `com.atproto.sync.getBlob` address there;
/// players read only http(s) captions, so one never resolved is never
/// fetched. Pure; any thread.
struct BlueskyBlob: Sendable, Hashable {
    var did: String
    var cid: String

    /// The most caption files a post keeps (the lexicon allows 20).
    static let maxCaptions = 20

    /// A CID as the lexicons write one: lowercase base32 (or base58 for
    /// the old `Qm…`), 8 to 128 characters.
    static func isCID(_ text: String) -> Bool {
        (8...128).contains(text.utf8.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    init?(did: String, cid: String) {
        guard BlueskyAddress.isDID(did), Self.isCID(cid) else { return nil }
        self.did = did
        self.cid = cid
    }

    /// The blob read back from a caption's `at://DID/blob/CID`; nil for any other address.
    init?(placeholder: String) {
        guard let record = BlueskyAddress.recordURI(placeholder), record.collection == "blob" else { return nil }
        self.init(did: record.repo, cid: record.rkey)
    }

    /// What a page carries until the PDS is known.
    var placeholder: String { "at://\(did)/blob/\(cid)" }

    /// `PDS/xrpc/com.atproto.sync.getBlob?did=…&cid=…`.
    func url(pds: String) -> String {
        let did = self.did.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? self.did
        return "\(pds)/xrpc/com.atproto.sync.getBlob?did=\(did)&cid=\(cid)"
    }
}
