import FeedCore
import Foundation
import Testing
@testable import Flick
@testable import FlickBench

@Suite("Parsing the command line")
struct CommandLineOptionsTests {
    @Test("no arguments opens the demo feed")
    func demo() throws {
        let options = try CommandLineOptions.parse([])
        #expect(options.command == .run(.demo))
        #expect(options.reportState == false)
        #expect(options.demoItems == 1200)
    }

    @Test("a folder and options in any order")
    func folder() throws {
        let options = try CommandLineOptions.parse(["--report-state", "/tmp/clips", "--fit", "contain", "--demo-items", "10"])
        #expect(options.command == .run(.folder("/tmp/clips")))
        #expect(options.reportState)
        #expect(options.fit == .contain)
        #expect(options.demoItems == 10)
    }

    @Test("help and version win over everything else")
    func helpAndVersion() throws {
        #expect(try CommandLineOptions.parse(["/tmp", "--help"]).command == .help)
        #expect(try CommandLineOptions.parse(["-h"]).command == .help)
        #expect(try BenchOptions.parse(["--help"]).helpAsked)
        #expect(try BenchOptions.parse(["--mode", "fast", "-h"]).helpAsked)
        #expect(try CommandLineOptions.parse(["--version"]).command == .version)
    }

    @Test("mistakes are refused with a message", arguments: [
        (["--demo-items"], "Missing argument for --demo-items"),
        (["--demo-items", "0"], "whole number"),
        (["--demo-items", "many"], "whole number"),
        (["--fit", "stretch"], "cover"),
        (["--nope"], "Unknown option --nope"),
        (["file://elsewhere.example/videos"], "not the address of a file on this computer"),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect {
            _ = try CommandLineOptions.parse(arguments)
        } throws: { error in
            (error as? CommandLineOptions.ParseError)?.description.contains(message) == true
        }
    }

    @Test("a path ending in .m3u, .m3u8 or a feed file's extension is a file to read, any other a folder")
    func playlist() throws {
        #expect(try CommandLineOptions.parse(["trip.M3U"]).command == .run(.playlist("trip.M3U")))
        #expect(try CommandLineOptions.parse(["/media/lists/a.m3u8"]).command == .run(.playlist("/media/lists/a.m3u8")))
        #expect(try CommandLineOptions.parse(["/media/m3u"]).command == .run(.folder("/media/m3u")))
        #expect(try CommandLineOptions.parse(["/tmp/Downloads/feed.XML"]).command == .run(.playlist("/tmp/Downloads/feed.XML")),
                "a feed saved to disk opens as a file")
    }

    @Test("file:// URIs name folders and playlists as paths do; more sources than one open the first and list the rest")
    func fileURIsAndSeveralSources() throws {
        #expect(try CommandLineOptions.parse(["file:///home/ana/My%20Clips"]).command == .run(.folder("/home/ana/My Clips")))
        #expect(try CommandLineOptions.parse(["file:///tmp/trip.m3u8"]).command == .run(.playlist("/tmp/trip.m3u8")))
        let several = try CommandLineOptions.parse(["/tmp/a", "file:///tmp/b", "peertube:videos.example"])
        #expect(several.command == .run(.folder("/tmp/a")))
        #expect(several.alsoListed.count == 2)
        #expect(several.alsoListed.first == .folder("/tmp/b"))
        #expect(try CommandLineOptions.parse(["--standalone", "/tmp/a"]).standalone)
    }

    @Test("a dash-dash ends the options")
    func dashDash() throws {
        #expect(try CommandLineOptions.parse(["--", "--weird-folder"]).command == .run(.folder("--weird-folder")))
    }
}

@Suite("Parsing the server and demo options")
struct ServerOptionsTests {
    @Test("serve takes one folder")
    func serve() throws {
        #expect(try CommandLineOptions.parse(["serve", "/tmp/clips"]).command == .serve("/tmp/clips"))
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["serve"]) }
    }

    @Test("an http(s) argument is a feed; another scheme is refused")
    func remote() throws {
        #expect(try CommandLineOptions.parse(["https://example.org/feed.json"]).command
                == .run(.remote(URL(string: "https://example.org/feed.json")!)))
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["ftp://example.org/feed.json"]) }
    }

    @Test("peertube: and mastodon: addresses name their service; one written wrong says how it is written")
    func services() throws {
        #expect(try CommandLineOptions.parse(["peertube:videos.example.org/c/clips"]).command
                == .run(.service(ServiceAddress(service: .peertube, host: "videos.example.org", scope: .channel("clips")))))
        #expect(try CommandLineOptions.parse(["mastodon:127.0.0.1:3000/tags/cats"]).command
                == .run(.service(ServiceAddress(service: .mastodon, host: "127.0.0.1", port: 3000, scope: .tag("cats")))))
        #expect(throws: CommandLineOptions.ParseError(description:
            "‘mastodon:mastodon.example/notifications’ is not a Mastodon address: mastodon:HOST[:PORT]/tags/NAME, /local, /public, /home, /favourites or /bookmarks")) {
            try CommandLineOptions.parse(["mastodon:mastodon.example/notifications"])
        }
    }

    @Test("bandwidth takes decimal units", arguments: [("20M", 20_000_000), ("500k", 500_000), ("8000000", 8_000_000), ("1.5M", 1_500_000)])
    func bandwidth(text: String, bits: Int) throws {
        #expect(try CommandLineOptions.parse(["--bandwidth", text]).bandwidthBitsPerSecond == bits)
    }

    @Test("latency, page delay and the local demo")
    func delays() throws {
        let options = try CommandLineOptions.parse(["--latency", "20", "--page-delay", "300", "--local-demo"])
        #expect(options.latencyMilliseconds == 20)
        #expect(options.pageDelayMilliseconds == 300)
        #expect(options.localDemo)
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--latency", "-1"]) }
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--bandwidth", "fast"]) }
        #expect(try CommandLineOptions.parse(["--like-failures", "0.5"]).likeFailureShare == 0.5)
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--like-failures", "2"]) }
    }
}
