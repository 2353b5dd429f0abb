import FlickTestSupport
import Foundation
import Testing

/// One line of `flick --report-state`.
struct ReportedState: Decodable, Equatable {
    var phase: String
    var currentIndex: Int
    var currentID: String?
    var mountedPages: Int
    var itemCount: Int
    var skeletonPages: Int?
    var settled: Bool?
    var currentReady: Bool?
    var progress: Double?
    var playersAlive: Int?
    var playersPrepared: Int?
    var playersPlaying: Int?
    var playersUnmuted: Int?
    var muted: Bool?
    var ttffMilliseconds: Double?
    var currentFrameSource: String?
    var currentURI: String?
    var currentError: String?
    var currentErrorRetryable: Bool?
    var currentLiked: Bool?
    var currentLikes: Int?
    var toastsShown: Int?
    var likesPending: Bool?
    var network: String?
    // The window around the feed (WindowReport).
    var fullscreen: Bool?
    var headerVisible: Bool?
    var contentFit: String?
    var effectiveFit: String?
    var whenFinished: String?
    var postTimerSeconds: Int?
    var rate: Double?
    var volume: Double?
    var holdingFaster: Bool?
    var volumeSlider: Bool?
    var captionTracks: Int?
    var captionText: String?
    var captionLanguages: [String]?
    var pagingButtons: Bool?
    var windowVisible: Bool?
    var accounts: [String]?
    var currentLikedByServer: Bool?
    var savesDone: Int?
    var saveError: String?
    var preferencesOpen: Bool?
    var cacheVideoBytes: Int64?
    var cacheImageBytes: Int64?
    var cacheProblem: String?
    var shortcutsListed: [String: [String]]?
    var shortcutsBound: [String: [String]]?
    var skippedFiles: Int?
    var animationsPlaying: Int?
    var skippedSummary: String?
    var lastToast: String?
    var skippedListed: [String]?
    // The desktop experience: diagnostics, the seek bar.
    var diagnostics: [String]?
    var feedLayouts: Int?
    var scrubberShown: Bool?
    var scrubbing: Bool?
    var positionMilliseconds: Int?
    // HLS renditions.
    var currentRendition: String?
    var renditionsFetched: Int?
    var renditionsListed: [String]?
    var scrubberDraws: Int?
    // Accessibility.
    var currentLabel: String?
    var announcement: String?
    var focus: String?
    var shimmersAnimating: Int?
    var decoder: String?
    var sources: [String]?
    var currentSource: Int?
    var forYouSelected: Bool?
    var postSource: String?
    var mixReason: String?
    var mixReasonCodes: [String]?
    var sidebarShown: Bool?
    var sourcePreview: String?
    var sensitiveHidden: Bool?
    var renderer: String?

    enum CodingKeys: String, CodingKey {
        case renderer
        case sources
        case currentSource = "current_source"
        case forYouSelected = "for_you_selected"
        case postSource = "post_source"
        case mixReason = "mix_reason"
        case mixReasonCodes = "mix_reason_codes"
        case sidebarShown = "sidebar_shown"
        case sourcePreview = "source_preview"
        case sensitiveHidden = "sensitive_hidden"
        case phase
        case currentIndex = "current_index"
        case currentID = "current_id"
        case mountedPages = "mounted_pages"
        case itemCount = "item_count"
        case skeletonPages = "skeleton_pages"
        case settled
        case currentReady = "current_ready"
        case progress
        case playersAlive = "players_alive"
        case playersPrepared = "players_prepared"
        case playersPlaying = "players_playing"
        case playersUnmuted = "players_unmuted"
        case muted
        case ttffMilliseconds = "ttff_ms"
        case currentFrameSource = "current_frame_source"
        case currentURI = "current_uri"
        case currentError = "current_error"
        case currentErrorRetryable = "current_error_retryable"
        case currentLiked = "current_liked"
        case currentLikes = "current_likes"
        case toastsShown = "toasts_shown"
        case likesPending = "likes_pending"
        case network
        case fullscreen
        case headerVisible = "header_visible"
        case contentFit = "content_fit"
        case effectiveFit = "effective_fit"
        case whenFinished = "when_finished"
        case postTimerSeconds = "post_timer_s"
        case rate, volume
        case holdingFaster = "holding_faster"
        case volumeSlider = "volume_slider"
        case captionTracks = "caption_tracks", captionText = "caption_text", captionLanguages = "caption_languages"
        case pagingButtons = "paging_buttons"
        case windowVisible = "window_visible"
        case accounts
        case currentLikedByServer = "current_liked_by_server"
        case savesDone = "saves_done"
        case saveError = "save_error"
        case preferencesOpen = "preferences_open"
        case cacheVideoBytes = "cache_video_bytes"
        case cacheImageBytes = "cache_image_bytes"
        case cacheProblem = "cache_problem"
        case shortcutsListed = "shortcuts_listed"
        case shortcutsBound = "shortcuts_bound"
        case diagnostics
        case feedLayouts = "feed_layouts"
        case scrubberShown = "scrubber_shown"
        case scrubbing
        case positionMilliseconds = "position_ms"
        case currentRendition = "current_rendition"
        case renditionsFetched = "renditions_fetched"
        case renditionsListed = "renditions_listed"
        case scrubberDraws = "scrubber_draws"
        case currentLabel = "current_label"
        case announcement
        case focus
        case shimmersAnimating = "shimmers_animating"
        case decoder
        case skippedFiles = "skipped_files"
        case animationsPlaying = "animations_playing"
        case skippedSummary = "skipped_summary"
        case lastToast = "last_toast"
        case skippedListed = "skipped_listed"
    }
}

/// The real `flick` binary, run in a process of its own with a private
/// cache, config and in-memory settings, its state lines collected as they
/// arrive.
final class AppProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSCondition()
    private var lines: [ReportedState] = []
    private var stderrText = ""
    /// Every line of stdout, state lines and others (flick bench's table).
    private var stdoutLines: [String] = []
    private var finished = false
    /// Bytes of stdout after the last newline (touched only by its reader).
    private var pendingOut = Data()
    let home: URL

    /// Where the built products are: beside the test bundle.
    static var binary: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("flick")
    }

    /// A cache shared by the tests of one run, so the demo media is made once.
    static var sharedCache: URL { TestClips.cacheDirectory }

    /// Starts flick with `arguments`. `animations` false writes a GTK
    /// settings.ini that turns them off, as the system setting would.
    /// `wrapper` runs the binary through another command (e.g. to drop privileges).
    /// `environment` overrides variables after the defaults above (e.g. a
    /// cache folder of the test's own, or a settings backend on disk).
    /// `standalone` (the default) runs a Flick of its own even where a
    /// session bus would hand the sources to one already running; the
    /// single-instance tests turn it off.
    init(_ arguments: [String], animations: Bool = true,
         display: String? = ProcessInfo.processInfo.environment["DISPLAY"],
         wrapper: [String] = [], environment overrides: [String: String] = [:], standalone: Bool = true) throws {
        // `flick bench` passes its words on to flick-bench, which has no such option.
        let arguments = standalone && arguments.first != "bench" ? ["--standalone"] + arguments : arguments
        home = FileManager.default.temporaryDirectory.appendingPathComponent("flick-ui-\(UUID().uuidString)")
        let config = home.appendingPathComponent("config/gtk-4.0")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[Settings]\ngtk-enable-animations=\(animations ? 1 : 0)\n"
            .write(to: config.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)

        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        // Likes kept on this computer go to the test's own data folder.
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = Self.sharedCache.path
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["NO_AT_BRIDGE"] = "1"
        environment["GTK_A11Y"] = "none"
        environment["GDK_BACKEND"] = "x11"
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        if let display { environment["DISPLAY"] = display } else { environment.removeValue(forKey: "DISPLAY") }
        environment.merge(overrides) { _, override in override }
        if wrapper.isEmpty {
            process.executableURL = Self.binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = wrapper + [Self.binary.path] + arguments
        }
        process.environment = environment

        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self else { return }
            if chunk.isEmpty {
                handle.readabilityHandler = nil
                self.lock.lock(); self.finished = true; self.lock.broadcast(); self.lock.unlock()
                return
            }
            self.pendingOut.append(chunk)
            while let newline = self.pendingOut.firstIndex(of: UInt8(ascii: "\n")) {
                let line = self.pendingOut[self.pendingOut.startIndex..<newline]
                self.pendingOut.removeSubrange(self.pendingOut.startIndex...newline)
                self.lock.lock(); self.stdoutLines.append(String(decoding: line, as: UTF8.self)); self.lock.unlock()
                if let state = try? JSONDecoder().decode(ReportedState.self, from: Data(line)) {
                    self.lock.lock(); self.lines.append(state); self.lock.broadcast(); self.lock.unlock()
                }
            }
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self else { return }
            if chunk.isEmpty { handle.readabilityHandler = nil; return }
            self.lock.lock(); self.stderrText += String(decoding: chunk, as: UTF8.self); self.lock.unlock()
        }
        try process.run()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: home)
    }

    /// Every state line so far.
    var states: [ReportedState] {
        lock.lock(); defer { lock.unlock() }
        return lines
    }

    /// What the process printed on stdout so far, whole lines.
    var stdoutText: String {
        lock.lock(); defer { lock.unlock() }
        return stdoutLines.joined(separator: "\n")
    }

    var stderr: String {
        lock.lock(); defer { lock.unlock() }
        return stderrText
    }

    /// Waits for what opening a folder comes to: its posts, the empty
    /// page or the error page (the feed's skeleton pages show while it is
    /// scanned, with no items).
    func waitForFolderOutcome(timeout: TimeInterval = 20) -> ReportedState? {
        waitForState(timeout: timeout) { $0.phase == "empty" || $0.phase == "error" || ($0.phase == "feed" && $0.itemCount > 0) }
    }

    /// Waits until a state line after the first `after` lines satisfies
    /// `predicate`, or the process exits, or `timeout` seconds pass.
    @discardableResult
    func waitForState(after: Int = 0, timeout: TimeInterval = 20,
                      _ predicate: (ReportedState) -> Bool) -> ReportedState? {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock(); defer { lock.unlock() }
        while true {
            if let match = lines.dropFirst(after).first(where: predicate) { return match }
            if finished || Date() >= deadline { return nil }
            _ = lock.wait(until: min(deadline, Date().addingTimeInterval(0.5)))
        }
    }

    /// The latest state line.
    var latest: ReportedState? { states.last }

    /// Waits for the process to exit by itself and returns its status.
    func waitForExit(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Ends the process if it still runs: SIGTERM, then SIGKILL after 5 s.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if waitForExit(timeout: 5) == nil {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The X window of this process (found with xdotool), focused for keys.
    func focusedWindow(timeout: TimeInterval = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // xdotool exits 1 while no window matches yet.
            let ids = ((try? X11.run(["xdotool", "search", "--onlyvisible", "--pid", "\(process.processIdentifier)"])) ?? "")
                .split(separator: "\n").map(String.init)
            if let id = ids.last {
                _ = try X11.run(["xdotool", "windowfocus", "--sync", id])
                return id
            }
            usleep(100_000)
        }
        throw X11.Failure(message: "no window appeared for flick (pid \(process.processIdentifier)); stderr: \(stderr)")
    }
}

/// Input and screenshots through the X server the tests run on.
enum X11 {
    struct Failure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    /// Runs a command and returns its stdout (and stderr, when
    /// `allowFailure`: ImageMagick's compare prints its count there and
    /// exits 1 when images differ); throws on a non-zero exit otherwise.
    @discardableResult
    static func run(_ arguments: [String], allowFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = allowFailure ? out : FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard allowFailure || process.terminationStatus == 0 else {
            throw Failure(message: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func key(_ name: String, window: String) throws {
        try run(["xdotool", "key", "--clearmodifiers", name])
    }

    /// Wheel notches over the window's centre: button 5 scrolls down, 4 up.
    static func wheel(down: Bool, window: String) throws {
        let (w, h) = try geometry(window)
        try run(["xdotool", "mousemove", "--window", window, "\(w / 2)", "\(h / 2)", "click", down ? "5" : "4"])
    }

    /// A click-drag by `dx`, `dy` pixels: vertically from the window's
    /// centre, sideways centred on it (a window is narrower than tall).
    static func drag(dx: Int = 0, dy: Int, window: String) throws {
        let (w, h) = try geometry(window)
        let x = w / 2 - dx / 2
        try run(["xdotool", "mousemove", "--window", window, "\(x)", "\(h / 2)", "mousedown", "1"])
        try run(["xdotool", "mousemove", "--window", window, "\(x + dx / 2)", "\(h / 2 + dy / 2)"])
        try run(["xdotool", "mousemove", "--window", window, "\(x + dx)", "\(h / 2 + dy)"])
        usleep(150_000) // a pause before releasing, so the drag ends slow (no flick)
        try run(["xdotool", "mouseup", "1"])
    }

    /// The colour at (x, y) of a PNG, as 0xRRGGBB, read with ImageMagick.
    /// The clipboard's text as another X client reads it (the app owns the
    /// clipboard), read again until it is `expected` or `timeout` seconds pass.
    static func clipboard(becoming expected: String, timeout: TimeInterval = 5) -> String {
        var copied = ""
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            copied = (try? run(["xclip", "-selection", "clipboard", "-o"])) ?? ""
            if copied != expected { usleep(100_000) }
        } while copied != expected && Date() < deadline
        return copied
    }

    static func pixel(_ png: URL, x: Int, y: Int) throws -> UInt32 {
        let text = try run(["convert", png.path, "-crop", "1x1+\(x)+\(y)", "-depth", "8", "txt:-"])
        // "0,0: (224,64,64)  #E04040  srgb(224,64,64)"
        guard let hash = text.split(separator: "#").dropFirst().first?.prefix(6), let value = UInt32(hash, radix: 16) else {
            throw Failure(message: "cannot read a pixel from: \(text)")
        }
        return value
    }

    /// The colours of column `x` of a PNG from top to bottom, as 0xRRGGBB,
    /// read with ImageMagick in one go.
    static func column(_ png: URL, x: Int) throws -> [UInt32] {
        let text = try run(["convert", png.path, "-crop", "1x\(Int32.max)+\(x)+0", "-depth", "8", "txt:-"])
        // One line per pixel, "0,Y: (r,g,b)  #RRGGBB  srgb(…)", after a header line.
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let hash = line.split(separator: "#").dropFirst().first?.prefix(6) else { return nil }
            return UInt32(hash, radix: 16)
        }
    }

    /// Whether two 0xRRGGBB colours are within `tolerance` on every channel.
    static func close(_ a: UInt32, _ b: UInt32, tolerance: Int32 = 24) -> Bool {
        let channels = [16, 8, 0].map { (Int32((a >> $0) & 0xFF), Int32((b >> $0) & 0xFF)) }
        return channels.allSatisfy { abs($0.0 - $0.1) <= tolerance }
    }

    static func geometry(_ window: String) throws -> (Int, Int) {
        let text = try run(["xdotool", "getwindowgeometry", "--shell", window])
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return (values["WIDTH"] ?? 400, values["HEIGHT"] ?? 700)
    }
}
