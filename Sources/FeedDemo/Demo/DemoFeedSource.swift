import FeedCore
import FeedMedia
import FeedSources
import Foundation

/// The built-in demo feed played from the generated files (`--local-demo`):
/// a long feed cycling through the clips and pictures, so paging never runs
/// out; one page. GTK thread only.
@MainActor
public final class DemoFeedSource: FeedSource {
    /// One piece of generated media.
    private enum Media {
        case clip(DemoClip)
        case picture(DemoPicture)
    }

    private let media: [Media]
    /// Items in the feed.
    public let count: Int
    public var cacheScope: String? { nil }

    /// - Parameter count: items in the feed.
    public init(library: DemoMediaLibrary, count: Int) {
        // A picture after every five clips, so both kinds show up early.
        var media: [Media] = []
        var pictures = library.pictures.makeIterator()
        for (offset, clip) in library.clips.enumerated() {
            media.append(.clip(clip))
            if offset % 5 == 4, let picture = pictures.next() { media.append(.picture(picture)) }
        }
        while let picture = pictures.next() { media.append(.picture(picture)) }
        self.media = media
        self.count = media.isEmpty ? 0 : count
    }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: (0..<count).map(item(at:)))))
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: [])))
    }

    private func item(at index: Int) -> FeedItem {
        switch media[index % media.count] {
        case .clip(let clip):
            let seconds = Int(clip.duration.rounded())
            return FeedItem(id: "demo-\(index)", kind: .video, uri: clip.video.absoluteString,
                            poster: clip.poster.absoluteString, width: clip.width, height: clip.height,
                            duration: clip.duration,
                            title: "Clip \(clip.number) · \(clip.colorName.capitalized)",
                            subtitle: "Demo video · \(seconds) s · \(clip.width)×\(clip.height) · post \(index + 1)",
                            author: "Flick",
                            accessibilityLabel: "Video: clip \(clip.number), a \(clip.colorName) card with the number \(clip.number)")
        case .picture(let picture):
            return FeedItem(id: "demo-\(index)", kind: .image, uri: picture.url.absoluteString,
                            width: picture.width, height: picture.height,
                            title: "Picture \(picture.number)",
                            subtitle: "Demo picture · \(picture.width)×\(picture.height) · post \(index + 1)",
                            author: "Flick",
                            accessibilityLabel: "Picture \(picture.number), \(picture.width) by \(picture.height) pixels")
        }
    }
}
