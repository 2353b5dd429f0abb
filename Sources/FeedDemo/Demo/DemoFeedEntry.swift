import FeedMedia
/// What one post of the served demo feed is, including the faults it always
/// carries so that every error path shows up while paging. Pure.
enum DemoFeedEntry: Sendable, Equatable {
    /// A clip served from the library.
    case clip(DemoClip)
    /// A picture served from the library.
    case picture(DemoPicture)
    /// A clip whose URL answers 403 (its poster works).
    case forbiddenClip(DemoClip)
    /// A picture whose URL answers 404.
    case missingPicture(DemoPicture)
    /// Bytes that are not a playable video, served as video/mp4.
    case corruptVideo
    /// The HLS master of the library's longest clip (``hlsSource(of:)``).
    case hlsClip(DemoClip)

    /// Every 37th post answers 403, every 41st is missing.
    static let forbiddenEvery = 37
    static let missingEvery = 41
    /// The one corrupt video.
    static let corruptNumber = 29
    /// HLS posts: 50, 150, 250, ... (none falls on a fault's number).
    static let hlsEvery = 100
    static let hlsOffset = 50

    /// The entry for post `number` (1-based). Faults win over the normal
    /// cycle, in the order listed on the cases; `media` cycles clips and
    /// pictures as the app's offline demo feed does.
    static func entry(number: Int, media: [DemoFeedEntry], clips: [DemoClip], pictures: [DemoPicture],
                      hasCorrupt: Bool, hasHLS: Bool) -> DemoFeedEntry {
        if number % forbiddenEvery == 0, !clips.isEmpty {
            return .forbiddenClip(clips[(number / forbiddenEvery - 1) % clips.count])
        }
        if number % missingEvery == 0, !pictures.isEmpty {
            return .missingPicture(pictures[(number / missingEvery - 1) % pictures.count])
        }
        if number == corruptNumber, hasCorrupt { return .corruptVideo }
        if number % hlsEvery == hlsOffset, hasHLS, let source = hlsSource(of: clips) { return .hlsClip(source) }
        return media[(number - 1) % media.count]
    }

    /// The clip the HLS posts stream: the longest (the first of those), so
    /// that watching one for 10 s (`flick bench --mode hls`) streams it
    /// once rather than looping over what is cached.
    static func hlsSource(of clips: [DemoClip]) -> DemoClip? {
        clips.enumerated().max { a, b in a.element.duration < b.element.duration || (a.element.duration == b.element.duration && a.offset > b.offset) }?.element
    }

    /// Clips and pictures in feed order: a picture after every five clips.
    static func cycle(of library: DemoMediaLibrary) -> [DemoFeedEntry] {
        var media: [DemoFeedEntry] = []
        var pictures = library.pictures.makeIterator()
        for (offset, clip) in library.clips.enumerated() {
            media.append(.clip(clip))
            if offset % 5 == 4, let picture = pictures.next() { media.append(.picture(picture)) }
        }
        while let picture = pictures.next() { media.append(.picture(picture)) }
        return media
    }
}
