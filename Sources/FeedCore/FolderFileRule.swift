// Pure: values only, imports Foundation at most.

/// What a folder scan makes of one file: a post of some kind, or the reason
/// it is left out. Every regular file gets one, so nothing is dropped
/// without a word.
public enum FolderFileVerdict: Equatable, Sendable {
    case post(FeedItem.Kind)
    case skipped(FolderSkipReason)
}

/// Why a file of a folder is not a post.
public enum FolderSkipReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// 0 bytes (GIO calls such a file "text/plain" or "application/x-zerosize").
    case empty
    /// It could not be opened for reading.
    case unreadable
    /// A picture format no installed gdk-pixbuf loader reads.
    case unsupportedPicture = "unsupported-picture"
    /// Neither a video, a sound nor a picture (documents, archives, text).
    case notMedia = "not-media"
    /// A named pipe, a socket or a device: opening one may never return.
    case special
    /// A link to a folder the scan does not enter: the folder itself or one
    /// above it (a loop through the whole disk), or `/proc`, `/sys`, `/dev`.
    case linkNotFollowed = "link-not-followed"

    /// The reason as a phrase after the file's name ("empty", "a picture
    /// format Flick cannot read").
    public var phrase: String {
        switch self {
        case .empty: return "empty (0 bytes)"
        case .unreadable: return "cannot be read"
        case .unsupportedPicture: return "a picture format no installed loader reads"
        case .notMedia: return "not a video, a sound or a picture"
        case .special: return "a pipe, socket or device, not a file"
        case .linkNotFollowed: return "a link to a folder above this one or to a system folder, not followed"
        }
    }

    /// The count's word in a summary ("2 empty").
    fileprivate var summaryWord: String {
        switch self {
        case .empty: return "empty"
        case .unreadable: return "unreadable"
        case .unsupportedPicture: return "unsupported pictures"
        case .notMedia: return "other"
        case .special: return "special files"
        case .linkNotFollowed: return "links not followed"
        }
    }
}

/// Decides what a file is from what GIO and gdk-pixbuf say of it.
public enum FolderFileRule {
    /// What is known of one regular file.
    public struct Facts: Sendable, Equatable, Codable {
        /// GIO's type from the file's first bytes and its name.
        public var contentType: String
        /// GIO's type from the name (the extension) alone.
        public var nameType: String
        /// Bytes.
        public var size: Int64
        public var readable: Bool
        /// Whether gdk-pixbuf has a loader for `contentType` / `nameType`.
        public var contentTypeLoadable: Bool
        public var nameTypeLoadable: Bool

        public init(contentType: String, nameType: String, size: Int64, readable: Bool,
                    contentTypeLoadable: Bool, nameTypeLoadable: Bool) {
            self.contentType = contentType
            self.nameType = nameType
            self.size = size
            self.readable = readable
            self.contentTypeLoadable = contentTypeLoadable
            self.nameTypeLoadable = nameTypeLoadable
        }
    }

    /// Types that say "GIO could not tell from the bytes": the extension
    /// decides then, and the player or the decoder says what is wrong with
    /// the bytes (a truncated clip is a post that reports its error).
    static let unsure: Set<String> = ["application/octet-stream", "text/plain", "application/x-zerosize"]

    public static func verdict(_ facts: Facts) -> FolderFileVerdict {
        if !facts.readable { return .skipped(.unreadable) }
        if facts.size <= 0 { return .skipped(.empty) }
        if let kind = kind(of: facts.contentType, loadable: facts.contentTypeLoadable) { return .post(kind) }
        if unsure.contains(facts.contentType), let kind = kind(of: facts.nameType, loadable: facts.nameTypeLoadable) {
            return .post(kind)
        }
        if facts.contentType.hasPrefix("image/") || facts.nameType.hasPrefix("image/") {
            return .skipped(.unsupportedPicture)
        }
        return .skipped(.notMedia)
    }

    /// `video/*` is a video, `audio/*` a sound, `image/*` a picture when a
    /// loader reads it (``MediaKindRule``).
    public static func kind(of type: String, loadable: Bool) -> FeedItem.Kind? {
        MediaKindRule.kind(ofMIMEType: type, pictureLoadable: loadable)
    }

    /// One line for the header or the empty page: "12 files were skipped:
    /// 9 other, 2 empty, 1 unreadable" (largest count first, ties in the
    /// reasons' order); nil when nothing was skipped.
    /// How many files each reason left out, most first (ties in the
    /// reasons' order), without the reasons that left none out.
    public static func summaryCounts(_ reasons: [FolderSkipReason]) -> [(reason: FolderSkipReason, count: Int)] {
        FolderSkipReason.allCases.map { reason in (reason, reasons.filter { $0 == reason }.count) }
            .filter { $0.1 > 0 }
            .enumerated().sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
            .map { (reason: $0.element.0, count: $0.element.1) }
    }

    public static func summary(_ reasons: [FolderSkipReason]) -> String? {
        guard !reasons.isEmpty else { return nil }
        let counts = summaryCounts(reasons).map { "\($0.count) \($0.reason.summaryWord)" }
        let files = reasons.count == 1 ? "1 file was skipped" : "\(reasons.count) files were skipped"
        return "\(files): \(counts.joined(separator: ", "))"
    }
}
