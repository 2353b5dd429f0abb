import FeedCore
import Testing
@testable import Flick

/// What the MPRIS player says, from values.
@Suite("MPRIS state")
struct MPRISStateTests {
    private let clip = FeedItem(id: "clip 1/ä", kind: .video, uri: "https://example.org/1.mp4", poster: "https://example.org/1.jpg",
                                duration: 8.5, title: "Morning swim", author: "Ana")

    @Test("track ids are object paths made of the item's id")
    func trackIDs() {
        #expect(MPRISState.pathElement("item-1") == "item_2D1")
        #expect(MPRISState.pathElement("clip 1/ä") == "clip_201_2F_C3_A4")
        #expect(MPRISState.pathElement("") == "_")
        #expect(MPRISState().trackID == "/org/mpris/MediaPlayer2/TrackList/NoTrack")
    }

    @Test("metadata names the post: title, author as artist, length in microseconds")
    func metadata() {
        var state = MPRISState()
        state.item = clip
        state.duration = 8.5
        let metadata = state.metadata
        #expect(metadata["mpris:trackid"] == .objectPath("/io/github/flick/Flick/Track/clip_201_2F_C3_A4"))
        #expect(metadata["xesam:title"] == .string("Morning swim"))
        #expect(metadata["xesam:artist"] == .strings(["Ana"]))
        #expect(metadata["mpris:length"] == .int64(8_500_000))
        #expect(metadata["xesam:url"] == .string("https://example.org/1.mp4"))
        #expect(metadata["mpris:artUrl"] == .string("https://example.org/1.jpg"))
        state.duration = nil
        #expect(state.metadata["mpris:length"] == nil, "no length when it is not known")
    }

    @Test("only the properties that changed are announced")
    func changes() {
        var before = MPRISState()
        before.item = clip
        before.status = .playing
        before.canGoNext = true
        var after = before
        after.status = .paused
        #expect(after.changed(from: before) == [.playbackStatus])
        after.item = FeedItem(id: "photo", kind: .image, uri: "https://example.org/p.jpg")
        after.status = .stopped
        after.canGoPrevious = true
        #expect(after.changed(from: before) == [.playbackStatus, .metadata, .canGoPrevious, .canPlay, .canPause])
        #expect(before.changed(from: before).isEmpty)
        #expect(after.value(of: .canPlay) == .bool(false), "a picture cannot play")
    }
}
