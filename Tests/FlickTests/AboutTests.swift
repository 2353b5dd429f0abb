import FeedCore
import FeedMedia
import FlickTooling
import Foundation
import Testing
@testable import Flick

/// What the About window tells a bug reporter, read the way the window reads it.
@MainActor
@Suite("The About window's notes and debug info")
struct AboutTests {
    static let metainfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/io.github.flick.Flick.metainfo.xml.in")

    @Test("the release notes are the metainfo's newest release, for this version, as escaped markup")
    func releaseNotes() throws {
        let notes = try #require(ReleaseNotes.newest(in: try Data(contentsOf: Self.metainfo)))
        #expect(notes.version == AppInfo.version, "the metainfo has a release entry for this version")
        #expect(notes.markup.hasPrefix("<p>"))
        #expect(notes.markup.contains("<ul><li>"))
    }

    @Test("text in the notes is escaped, unknown blocks are left out, a metainfo without releases has no notes")
    func hostileNotes() throws {
        let document = """
        <component><releases><release version="9.9"><description>
          <p>Less &lt;b&gt;than &amp; more</p><img src="x"/><ol><li>one</li><li>two &amp; three</li></ol>
        </description></release><release version="1.0"/></releases></component>
        """
        let notes = try #require(ReleaseNotes.newest(in: Data(document.utf8)))
        #expect(notes.version == "9.9")
        #expect(notes.markup == "<p>Less &lt;b&gt;than &amp; more</p><ol><li>one</li><li>two &amp; three</li></ol>")
        #expect(ReleaseNotes.newest(in: Data("<component/>".utf8)) == nil)
        #expect(ReleaseNotes.newest(in: Data("not xml".utf8)) == nil)
    }

    @Test("the debug info names the version, the libraries, the renderer, the decoders and the cache")
    func debugInfo() throws {
        try MediaRuntime.initialize()
        var statistics = CacheStatistics()
        statistics.videoDiskBytes = 1234
        let text = DebugInfo.text(.init(renderer: .cairo, hardwareDecoding: .off,
                                        cacheDirectory: URL(fileURLWithPath: "/tmp/flick-cache/media"), cache: statistics))
        for line in ["Flick \(AppInfo.version)", "GTK 4.", "libadwaita 1.", "GStreamer 1.", "libsoup 3.", "Renderer: cairo",
                     "Hardware decoding: off", "H.264 decoder: ", "AV1 decoder: ", "Media cache: /tmp/flick-cache/media",
                     "1234 bytes of video"] {
            #expect(text.contains(line), "\(line) in:\n\(text)")
        }
        #expect(!text.contains("H.264 decoder: none installed"), "the set-up script installs an H.264 decoder")
    }
}
