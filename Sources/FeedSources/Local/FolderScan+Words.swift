import FeedCore
import FeedGObject

extension FolderScan {
    /// "3 files were skipped: 2 empty, 1 unreadable" in the user's
    /// language, or nil when nothing was skipped.
    public var localizedSkippedSummary: String? {
        let reasons = skipped.map(\.reason)
        guard !reasons.isEmpty else { return nil }
        let counts = FolderFileRule.summaryCounts(reasons).map { $0.reason.countedWords($0.count) }
        let files = trn("%1$s file was skipped", "%1$s files were skipped", reasons.count)
            .filled(Translation.number(reasons.count))
        // Translators: "3 files were skipped" and the count of each reason, "2 empty, 1 unreadable".
        return tr("%1$s: %2$s").filled(files, counts.joined(separator: tr(", ")))
    }
}

extension FolderSkipReason {
    /// Why a file was left out, after its name, in the user's language.
    public var localizedPhrase: String {
        switch self {
        case .empty: tr("empty (0 bytes)")
        case .unreadable: tr("cannot be read")
        case .unsupportedPicture: tr("a picture format no installed loader reads")
        case .notMedia: tr("not a video, a sound or a picture")
        case .special: tr("a pipe, socket or device, not a file")
        case .linkNotFollowed: tr("a link to a folder above this one or to a system folder, not followed")
        }
    }

    /// "2 empty", "1 unsupported picture": `count` files left out for this reason.
    func countedWords(_ count: Int) -> String {
        let number = Translation.number(count)
        return switch self {
        case .empty: trn("%1$s empty", "%1$s empty", count).filled(number)
        case .unreadable: trn("%1$s unreadable", "%1$s unreadable", count).filled(number)
        case .unsupportedPicture: trn("%1$s unsupported picture", "%1$s unsupported pictures", count).filled(number)
        case .notMedia: trn("%1$s other", "%1$s other", count).filled(number)
        case .special: trn("%1$s special file", "%1$s special files", count).filled(number)
        case .linkNotFollowed: trn("%1$s link not followed", "%1$s links not followed", count).filled(number)
        }
    }
}
