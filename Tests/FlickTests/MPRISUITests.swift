import Foundation
import Testing

extension AppUnderX {
    /// The MPRIS player of the real app on a private session bus, called
    /// with gdbus as a desktop's media controls would.
    @Suite("MPRIS")
    struct MPRISUITests {
        private static let destination = ["--dest", "org.mpris.MediaPlayer2.flick", "--object-path", "/org/mpris/MediaPlayer2"]

        private func call(_ bus: PrivateSessionBus, _ method: String, _ arguments: [String] = []) throws -> String {
            let result = try bus.gdbus(["call", "--session"] + Self.destination + ["--method", method] + arguments)
            #expect(result.status == 0, "\(method): \(result.output)")
            return result.output
        }

        private func property(_ bus: PrivateSessionBus, _ name: String) throws -> String {
            try call(bus, "org.freedesktop.DBus.Properties.Get", ["org.mpris.MediaPlayer2.Player", name])
        }

        @Test("Next, Previous and PlayPause drive the feed; Metadata is the current post; changes are announced")
        func controlsTheFeed() throws {
            let bus = try PrivateSessionBus()
            let app = try AppProcess(["--report-state"], environment: bus.environment)
            let playing = app.waitForState(timeout: 300) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentIndex == 0 }
            try #require(playing != nil, "the first video never played; stderr: \(app.stderr)")

            // What the desktop shows for the current post.
            let metadata = try property(bus, "Metadata")
            #expect(metadata.contains("'mpris:trackid': <objectpath '/io/github/flick/Flick/Track/item_2D1'>"), "\(metadata)")
            #expect(metadata.contains("'xesam:title': <'Clip 1 · Red'>"), "\(metadata)")
            #expect(metadata.contains("'xesam:artist': <['Flick demo']>"), "\(metadata)")
            #expect(metadata.contains("'mpris:length': <int64 40"), "about 4 s in microseconds: \(metadata)")
            #expect(try property(bus, "PlaybackStatus").contains("'Playing'"))
            #expect(try property(bus, "CanGoPrevious").contains("false"), "the first post has nothing before it")

            // Announcements, as a desktop shell listens for them: gdbus
            // monitor, line-buffered into a file read with a deadline.
            let log = app.home.appendingPathComponent("monitor.txt")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            let monitor = Process()
            monitor.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            monitor.arguments = ["stdbuf", "-oL", "gdbus", "monitor", "--session"] + Self.destination
            monitor.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, bus in bus }
            monitor.standardOutput = try FileHandle(forWritingTo: log)
            monitor.standardError = FileHandle.nullDevice
            try monitor.run()
            // gdbus monitor may not answer SIGTERM from here: it is only a listener, kill it.
            defer { kill(monitor.processIdentifier, SIGKILL); monitor.waitUntilExit() }
            /// Waits until the monitor's output contains `text`; returns all of it.
            func heard(_ text: String) -> String {
                var output = ""
                let deadline = Date().addingTimeInterval(10)
                repeat {
                    output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                    if output.contains(text) { break }
                    usleep(50_000)
                } while Date() < deadline
                return output
            }
            #expect(heard("is owned by").contains("is owned by"), "gdbus monitor follows the player")

            var seen = app.states.count
            _ = try call(bus, "org.mpris.MediaPlayer2.Player.PlayPause")
            #expect(app.waitForState(after: seen) { $0.playersPlaying == 0 } != nil, "PlayPause pauses")
            #expect(try property(bus, "PlaybackStatus").contains("'Paused'"))
            let announced = heard("'PlaybackStatus': <'Paused'>")
            #expect(announced.contains("PropertiesChanged") && announced.contains("'PlaybackStatus': <'Paused'>"),
                    "the pause is announced: \(announced)")

            seen = app.states.count
            _ = try call(bus, "org.mpris.MediaPlayer2.Player.PlayPause")
            #expect(app.waitForState(after: seen) { $0.playersPlaying == 1 } != nil, "PlayPause plays again")

            seen = app.states.count
            _ = try call(bus, "org.mpris.MediaPlayer2.Player.Next")
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.settled == true } != nil, "Next pages down")
            #expect(try property(bus, "Metadata").contains("item_2D2"), "the metadata follows the feed")
            seen = app.states.count
            _ = try call(bus, "org.mpris.MediaPlayer2.Player.Previous")
            #expect(app.waitForState(after: seen) { $0.currentIndex == 0 && $0.settled == true } != nil, "Previous pages up")

            // Volume is the volume heard: 0 while muted (the feed starts
            // muted); playerctl setting one above 0 unmutes at it, 0 mutes.
            #expect(try property(bus, "Volume").contains("<0.0>"), "muted reads 0")
            #expect(try bus.playerctl(["volume"]) == "0.000000")
            seen = app.states.count
            #expect(try bus.playerctl(["volume", "0.5"]) == "")
            let louder = app.waitForState(after: seen) { $0.volume == 0.5 && $0.muted == false }
            #expect(louder != nil, "a volume set from outside gives sound: \(String(describing: app.latest))")
            #expect(try bus.playerctl(["volume"]) == "0.500000")
            #expect(heard("'Volume': <0.5>").contains("'Volume': <0.5>"), "the change is announced")
            seen = app.states.count
            try X11.key("m", window: try app.focusedWindow())
            #expect(app.waitForState(after: seen) { $0.muted == true } != nil, "m mutes")
            #expect(try bus.playerctl(["volume"]) == "0.000000", "muting from the window reads 0")
            seen = app.states.count
            #expect(try bus.playerctl(["volume", "1"]) == "")
            #expect(app.waitForState(after: seen) { $0.volume == 1 && $0.muted == false } != nil)
            seen = app.states.count
            #expect(try bus.playerctl(["volume", "0"]) == "")
            let silent = app.waitForState(after: seen) { $0.muted == true }
            #expect(silent?.volume == 1, "0 mutes and keeps the volume to come back to: \(String(describing: silent))")
            #expect(try property(bus, "MinimumRate").contains("0.25") && property(bus, "MaximumRate").contains("2.0"))
            seen = app.states.count
            _ = try call(bus, "org.freedesktop.DBus.Properties.Set", ["org.mpris.MediaPlayer2.Player", "Rate", "<1.5>"])
            #expect(app.waitForState(after: seen) { $0.rate == 1.5 } != nil, "Rate sets the speed")
            #expect(try property(bus, "Rate").contains("1.5"))
            let tooFast = try bus.gdbus(["call", "--session"] + Self.destination + ["--method", "org.freedesktop.DBus.Properties.Set",
                                                                                    "org.mpris.MediaPlayer2.Player", "Rate", "<3.0>"])
            #expect(tooFast.status != 0, "3× is refused: \(tooFast.output)")
            seen = app.states.count
            _ = try call(bus, "org.freedesktop.DBus.Properties.Set", ["org.mpris.MediaPlayer2.Player", "Rate", "<1.0>"])
            #expect(app.waitForState(after: seen) { $0.rate == 1 } != nil)

            // LoopStatus is when-finished: Track loops, None plays on, Playlist means nothing in a feed.
            #expect(try property(bus, "LoopStatus").contains("'Track'"))
            seen = app.states.count
            _ = try call(bus, "org.freedesktop.DBus.Properties.Set", ["org.mpris.MediaPlayer2.Player", "LoopStatus", "<'None'>"])
            #expect(app.waitForState(after: seen) { $0.whenFinished == "next" } != nil, "None plays on")
            #expect(try property(bus, "LoopStatus").contains("'None'"))
            #expect(heard("'LoopStatus': <'None'>").contains("'LoopStatus': <'None'>"), "the change is announced")
            let refused = try bus.gdbus(["call", "--session"] + Self.destination + ["--method", "org.freedesktop.DBus.Properties.Set",
                                                                                    "org.mpris.MediaPlayer2.Player", "LoopStatus", "<'Playlist'>"])
            #expect(refused.status != 0, "Playlist is refused: \(refused.output)")
            seen = app.states.count
            _ = try call(bus, "org.freedesktop.DBus.Properties.Set", ["org.mpris.MediaPlayer2.Player", "LoopStatus", "<'Track'>"])
            #expect(app.waitForState(after: seen) { $0.whenFinished == "loop" } != nil, "Track loops")

            // A second Flick on the same bus takes its own instance name.
            let folder = try Fixtures.pictureFolder(count: 1)
            defer { try? FileManager.default.removeItem(at: folder) }
            let second = try AppProcess([folder.path, "--report-state"], environment: bus.environment)
            #expect(second.waitForState { $0.phase == "feed" } != nil)
            let instance = "org.mpris.MediaPlayer2.flick.instance\(second.process.processIdentifier)"
            var names = ""
            let deadline = Date().addingTimeInterval(10)
            while true {
                names = try bus.gdbus(["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                       "--method", "org.freedesktop.DBus.ListNames"]).output
                if names.contains(instance) || Date() >= deadline { break }
                usleep(100_000)
            }
            #expect(names.contains(instance), "\(names)")
        }
    }
}
