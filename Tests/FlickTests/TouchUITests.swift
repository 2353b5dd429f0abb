import Foundation
import Testing

extension AppUnderX {
    /// The real app on a phone-sized touch screen: mutter 43 at 360×720,
    /// touched through its remote-desktop interface (a screen cast's
    /// stream, over PipeWire), the buttons found as a screen reader finds
    /// them.
    @Suite("Touch on mutter")
    struct TouchUITests {
        @Test("taps on the speaker, like and copy-link buttons do only what each button does: none starts the 2× hold or toggles playback")
        func tapsOnButtons() throws {
            let mutter = try HeadlessMutter(monitor: (360, 720), withPipeWire: true)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-touch-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.copyItem(at: try Fixtures.clips()[0].video, to: folder.appendingPathComponent("clip.mp4"))
            let tree = AccessibleTree(bus: mutter.bus)
            let app = try AppProcess([folder.path, "--report-state"], display: nil,
                                     environment: mutter.waylandEnvironment.merging(["GTK_A11Y": "atspi"]) { $1 })
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.muted == true }
            try #require(playing != nil, "the clip plays on mutter: \(String(describing: app.latest)); \(app.stderr)")

            // The window fills the monitor, so its points are the monitor's.
            let nodes = try tree.nodes(of: app.process.processIdentifier)
            let frame = nodes.first { $0.role == "frame" }?.extents
            try #require(frame == [0, 0, 360, 720], "the window fills the monitor: \(String(describing: frame))")
            func center(_ name: String) throws -> (x: Double, y: Double) {
                let box = try #require(nodes.first { $0.name == name && $0.role == "push button" }?.extents, "no \(name) button")
                return (Double(box[0]) + Double(box[2]) / 2, Double(box[1]) + Double(box[3]) / 2)
            }
            let (unmute, like, copy) = (try center("Unmute"), try center("Like"), try center("Copy the link"))

            let touch = try mutter.touchScreen()
            // mutter drops the first touch after a session starts: one on the title, which does nothing.
            try touch.tap(x: 180, y: 20)
            let seen = app.states.count
            try touch.tap(x: unmute.x, y: unmute.y)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.muted == false } != nil, "the tap unmutes")
            try touch.tap(x: like.x, y: like.y)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.currentLiked == true } != nil, "the tap likes the post")
            try touch.tap(x: copy.x, y: copy.y)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.lastToast == "Address of the file copied" } != nil,
                    "the tap copies the link: \(String(describing: app.latest))")
            // Over a second of playing after the last tap (the position, in
            // whole seconds, moves twice): a hold would have begun 400 ms after it.
            let mark = app.states.count
            let deadline = Date().addingTimeInterval(10)
            var moves = 0
            while moves < 2, Date() < deadline {
                let positions = app.states.dropFirst(mark - 1).compactMap(\.positionMilliseconds)
                moves = zip(positions, positions.dropFirst()).filter { $0 != $1 }.count
                usleep(100_000)
            }
            #expect(moves >= 2, "the clip played on after the taps")
            let after = app.states.dropFirst(seen)
            #expect(after.allSatisfy { $0.holdingFaster != true }, "no tap started the 2× hold")
            #expect(after.allSatisfy { $0.playersPlaying == 1 }, "no tap paused the clip")
        }
    }
}
