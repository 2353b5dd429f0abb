import FeedCore
import Foundation

/// What the MPRIS player says about the feed: the current post as a track,
/// whether it plays, where one can go. A plain value read from the feed on
/// each change, so that only properties that changed are announced.
struct MPRISState: Equatable {
    /// MPRIS's PlaybackStatus.
    enum Status: String {
        case playing = "Playing"
        case paused = "Paused"
        /// No post, or a picture: nothing to play.
        case stopped = "Stopped"
    }

    /// The Player interface's properties that change with the feed (the
    /// rest are constants, see `constantPlayerProperties`).
    enum PlayerProperty: String, CaseIterable {
        case playbackStatus = "PlaybackStatus"
        case metadata = "Metadata"
        case volume = "Volume"
        case rate = "Rate"
        case loopStatus = "LoopStatus"
        case canGoNext = "CanGoNext"
        case canGoPrevious = "CanGoPrevious"
        case canPlay = "CanPlay"
        case canPause = "CanPause"
        case canSeek = "CanSeek"
    }

    var status = Status.stopped
    /// The current post, nil on a skeleton or with no feed.
    var item: FeedItem?
    /// The post's length in seconds, when the feed or the player knows it.
    var duration: Double?
    var canGoNext = false
    var canGoPrevious = false
    var muted = true
    /// The volume (0…1, cubic) and the speed the current video plays at.
    var volume = 1.0
    var rate = 1.0
    /// What the feed does when a post ends: LoopStatus.
    var whenFinished = WhenFinished.loop

    /// MPRIS's LoopStatus for a `when-finished` choice: `Track` loops the
    /// post, `None` plays on (or stops). `Playlist` has no meaning in an
    /// endless feed.
    static func loopStatus(_ choice: WhenFinished) -> String {
        choice == .loop ? "Track" : "None"
    }

    /// The `when-finished` choice a LoopStatus asks for; nil for `Playlist`
    /// and anything else, which are refused.
    static func whenFinished(loopStatus: String) -> WhenFinished? {
        switch loopStatus {
        case "Track": return .loop
        case "None": return .next
        default: return nil
        }
    }

    /// The track's id: an object path made of the item's id (bytes other
    /// than letters and digits as `_XX`, hexadecimal), MPRIS's NoTrack
    /// without a post.
    var trackID: String {
        guard let item else { return MPRISInterface.noTrack }
        return "/io/github/flick/Flick/Track/" + Self.pathElement(item.id)
    }

    /// `text` as one element of an object path (only [A-Za-z0-9_] allowed).
    static func pathElement(_ text: String) -> String {
        guard !text.isEmpty else { return "_" }
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "_%02X", byte)
            }
        }
        return result
    }

    /// The track's metadata: trackid always, title and artist (the
    /// author) when the feed gives them, length in microseconds when known,
    /// the media's address and the poster as art.
    var metadata: [String: MPRISValue] {
        var result: [String: MPRISValue] = ["mpris:trackid": .objectPath(trackID)]
        guard let item else { return result }
        if let title = item.title, !title.isEmpty { result["xesam:title"] = .string(title) }
        if let author = item.author, !author.isEmpty { result["xesam:artist"] = .strings([author]) }
        if let duration, duration > 0 { result["mpris:length"] = .int64(Int64(saturatingRounded: duration * 1_000_000)) }
        result["xesam:url"] = .string(item.uri)
        if let poster = item.poster { result["mpris:artUrl"] = .string(poster) }
        return result
    }

    /// A property's value now.
    func value(of property: PlayerProperty) -> MPRISValue {
        let isVideo = item?.kind.isPlayed == true
        switch property {
        case .playbackStatus: return .string(status.rawValue)
        case .metadata: return .dictionary(metadata)
        case .volume: return .double(HeardVolume.reported(volume: volume, muted: muted))
        case .rate: return .double(rate)
        case .loopStatus: return .string(Self.loopStatus(whenFinished))
        case .canGoNext: return .bool(canGoNext)
        case .canGoPrevious: return .bool(canGoPrevious)
        case .canPlay, .canPause: return .bool(isVideo)
        case .canSeek: return .bool(isVideo && (duration ?? 0) > 0)
        }
    }

    /// The properties whose value differs from `old`'s, in declaration order.
    func changed(from old: MPRISState) -> [PlayerProperty] {
        PlayerProperty.allCases.filter { value(of: $0) != old.value(of: $0) }
    }

    /// The Player properties that never change (the speeds Flick plays
    /// at, and it can always be controlled).
    static let constantPlayerProperties: [String: MPRISValue] = [
        "MinimumRate": .double(PlaybackRate.range.lowerBound), "MaximumRate": .double(PlaybackRate.range.upperBound),
        "CanControl": .bool(true),
    ]

    /// The root interface's properties.
    static func rootProperties(desktopEntry: String) -> [String: MPRISValue] {
        ["CanQuit": .bool(true), "CanRaise": .bool(true), "HasTrackList": .bool(false), "Identity": .string("Flick"),
         "DesktopEntry": .string(desktopEntry), "SupportedUriSchemes": .strings([]), "SupportedMimeTypes": .strings([])]
    }
}
