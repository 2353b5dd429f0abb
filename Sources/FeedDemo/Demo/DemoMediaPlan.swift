import FeedMedia
import Foundation
import FeedCore

/// What the demo library holds, decided from the generator's settings alone,
/// so a run that was interrupted makes exactly the same files next time.
struct DemoMediaPlan: Sendable, Equatable {
    struct Clip: Sendable, Equatable {
        var number: Int
        var color: DemoPalette.Color
        /// Whole seconds, 4 to 10, varying from clip to clip.
        var duration: Int
        /// The sine tone's frequency in Hz: a semitone higher per clip.
        var frequency: Double
        var size: PixelSize
        var videoName: String
        var posterName: String
    }

    struct Picture: Sendable, Equatable {
        enum Format: String, Sendable { case jpeg, png }
        var number: Int
        var size: PixelSize
        /// A videotestsrc pattern name.
        var pattern: String
        var foreground: UInt32
        var background: UInt32
        var format: Format
        var fileName: String
    }

    /// Frames per second of every clip.
    static let frameRate = 30

    /// The pictures: phone photos, landscape, square, and one very large.
    private static let pictureSizes: [(PixelSize, String, Picture.Format)] = [
        (PixelSize(width: 3000, height: 4500), "colors", .jpeg),
        (PixelSize(width: 1080, height: 1920), "smpte", .jpeg),
        (PixelSize(width: 1920, height: 1080), "spokes", .jpeg),
        (PixelSize(width: 1200, height: 1200), "circular", .png),
        (PixelSize(width: 720, height: 1280), "gradient", .jpeg),
        (PixelSize(width: 2400, height: 1600), "pinwheel", .jpeg),
        (PixelSize(width: 1080, height: 1350), "zone-plate", .jpeg),
        (PixelSize(width: 2160, height: 3840), "smpte75", .jpeg),
    ]

    let clips: [Clip]
    let pictures: [Picture]

    init(clipCount: Int, clipSize: PixelSize) {
        clips = (1...max(1, clipCount)).map { number in
            Clip(number: number,
                 color: DemoPalette.color(forClip: number),
                 duration: 4 + ((number - 1) * 3) % 7,
                 frequency: (220 * pow(2, Double((number - 1) % 36) / 12)).rounded(),
                 size: clipSize,
                 videoName: String(format: "clip-%02d.mp4", number),
                 posterName: String(format: "clip-%02d.png", number))
        }
        pictures = Self.pictureSizes.enumerated().map { index, entry in
            let number = index + 1
            let colors = DemoPalette.colors
            return Picture(number: number, size: entry.0, pattern: entry.1,
                           foreground: colors[(index * 7) % colors.count].argb,
                           background: colors[(index * 7 + 3) % colors.count].argb,
                           format: entry.2,
                           fileName: String(format: "picture-%02d.%@", number, entry.2 == .jpeg ? "jpg" : "png"))
        }
    }

    func library(in directory: URL) -> DemoMediaLibrary {
        DemoMediaLibrary(
            clips: clips.map { clip in
                DemoClip(number: clip.number,
                         video: directory.appendingPathComponent(clip.videoName),
                         poster: directory.appendingPathComponent(clip.posterName),
                         width: clip.size.width, height: clip.size.height,
                         duration: Double(clip.duration), colorName: clip.color.name)
            },
            pictures: pictures.map { picture in
                DemoPicture(number: picture.number,
                            url: directory.appendingPathComponent(picture.fileName),
                            width: picture.size.width, height: picture.size.height)
            })
    }
}
