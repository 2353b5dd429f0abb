import Foundation
import Testing

extension AppUnderX {
    /// One clip playing on and on: nothing piles up per frame.
    @Suite("Steady playback")
    struct SteadyPlaybackUITests {
        /// Resident memory of a running process, in kB (VmRSS).
        private func residentKB(_ pid: Int32) throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                  let kB = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
                throw X11.Failure(message: "no VmRSS in /proc/\(pid)/status")
            }
            return kB
        }

        @Test("a looping clip played for 30 s holds within a few MB of where it was after 5 s", .timeLimit(.minutes(2)))
        func noGrowthPerFrame() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-steady-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try PhoneMedia.clip(.none, at: folder.appendingPathComponent("clip.mp4"))
            let app = try AppProcess([folder.path, "--report-state"])
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 }
            try #require(playing != nil, "the clip never played: \(app.stderr)")
            let pid = app.process.processIdentifier
            // The clip is 2 s long and loops: 5 s in, every buffer pool and cache is warm.
            sleep(5)
            let early = try residentKB(pid)
            sleep(25)
            let late = try residentKB(pid)
            #expect(app.latest?.playersPlaying == 1, "still playing after 30 s: \(String(describing: app.latest))")
            // 30 frames a second of 410×703 BGRA are 1.1 MB each: a leak of
            // one frame in a hundred would add 10 MB here.
            #expect(late - early < 8 * 1024, "RSS \(early / 1024) → \(late / 1024) MB between 5 s and 30 s of playback")
        }
    }
}
