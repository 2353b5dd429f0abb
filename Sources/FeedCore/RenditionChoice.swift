// Pure: values only, imports Foundation at most.

/// Which of a video's renditions a page plays: PeerTube lists one
/// progressive file per resolution, and the feed should move no more bytes
/// than the page can show.
///
/// The rule: the smallest rendition whose height is at or above the page's
/// height in device pixels; when none is that tall, the tallest there is.
/// Renditions of unknown height (0 or less) are chosen only when no other
/// is left. Ties keep the first listed.
public enum RenditionChoice {
    /// The index in `heights` of the rendition to play, or nil when the list
    /// is empty.
    /// - Parameters:
    ///   - heights: each rendition's height in pixels, as the service lists them.
    ///   - pageHeight: the page's height in device pixels (0 or less: unknown,
    ///     the tallest is chosen).
    /// The height files are chosen for: the page's, lowered to the quality
    /// cap, and to ``VideoQuality/legibleLines`` when saving data (the
    /// saver quality, the data saver or a metered link): with the rule
    /// above, the smallest file of at least that many lines. `page` 0 or
    /// less: unknown (the cap alone, or unknown).
    public static func height(page: Int, quality: VideoQuality, saving: Bool) -> Int {
        var height = page > 0 ? page : Int.max
        if saving || quality == .saver { height = min(height, VideoQuality.legibleLines) }
        if case .cap(let lines) = quality { height = min(height, lines) }
        return height == Int.max ? page : height
    }

    public static func pick(heights: [Int], pageHeight: Int) -> Int? {
        let known = heights.indices.filter { heights[$0] > 0 }
        guard !known.isEmpty else { return heights.isEmpty ? nil : 0 }
        if pageHeight > 0 {
            let tallEnough = known.filter { heights[$0] >= pageHeight }
            if let smallest = tallEnough.min(by: { heights[$0] < heights[$1] }) { return smallest }
        }
        return known.max { heights[$0] < heights[$1] || (heights[$0] == heights[$1] && $0 > $1) }
    }
}
