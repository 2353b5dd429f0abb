import FeedCore
import FeedMedia
import FeedUI

/// The built-in demo feed: a long feed cycling through the generated clips
/// and pictures, so paging never runs out. GTK thread only.
@MainActor
final class DemoFeed: FeedDataSource {
    /// One piece of generated media.
    private enum Media {
        case clip(DemoClip)
        case picture(DemoPicture)
    }

    private let media: [Media]
    let count: Int

    /// - Parameter count: items in the feed (1,200 by default).
    init(library: DemoMediaLibrary, count: Int) {
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

    func item(at index: Int) -> FeedItem {
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
