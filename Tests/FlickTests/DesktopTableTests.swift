import CGLib
import FeedCore
import FeedUI
import Foundation
import Testing
@testable import Flick

/// The tables behind the desktop shell and the checks of what is typed.
@Suite("Desktop tables and inputs")
struct DesktopTableTests {
    @Test("every action with keys is in exactly one group of the shortcuts window")
    func groupsCoverEveryAction() {
        let listed = ShortcutGroup.allCases.flatMap(\.actions)
        #expect(Set(listed).count == listed.count, "no action listed twice")
        let bound = FeedAction.allCases.map(ShortcutGroup.Action.feed)
            + WindowAction.allCases.filter { !$0.accelerators.isEmpty }.map(ShortcutGroup.Action.window)
        #expect(Set(listed) == Set(bound))
        #expect(Set(listed.map(\.title)).count == listed.count, "titles name one action each")
        for action in listed {
            #expect(ShortcutGroup.Action(detailedName: action.detailedName) == action)
        }
    }

    @Test("single keys are window actions and never taken by the feed")
    func singleKeysStayInTheWindow() {
        let feedKeys = Set(FeedAction.allCases.flatMap(\.accelerators))
        for action in WindowAction.allCases {
            for key in action.accelerators {
                #expect(!feedKeys.contains(key), "\(key) of \(action) is also a feed key")
                if !key.hasPrefix("<") { #expect(action.scope == .window, "\(key) must not fire in other windows") }
            }
        }
    }

    @Test("a feed address must be an http(s) URL with a host, or a peertube: or mastodon: address", arguments: [
        ("https://example.org/feed.json", nil),
        ("  http://127.0.0.1:8080/feed  ", nil),
        ("", FeedURLInput.Problem.empty),
        ("example.org/feed.json", .notWebAddress("example.org/feed.json")),
        ("ftp://example.org/feed", .unsupportedScheme("ftp")),
        ("file:///tmp/feed.json", .unsupportedScheme("file")),
        ("https://", .noHost("https://")),
        ("peertube:videos.example.org/c/clips", nil),
        ("mastodon:mastodon.example/tags/cats", nil),
        ("mastodon:mastodon.example", .service("‘mastodon:mastodon.example’ is not a Mastodon address: mastodon:HOST[:PORT]/tags/NAME, /local, /public, /home, /favourites or /bookmarks")),
    ] as [(String, FeedURLInput.Problem?)])
    func feedAddresses(text: String, problem: FeedURLInput.Problem?) {
        switch FeedURLInput.parse(text) {
        case .success(let url):
            #expect(problem == nil, "\(text) was taken as \(url)")
        case .failure(let found):
            #expect(found == problem, "\(text): \(found)")
            #expect(found.description.hasSuffix("."), "a sentence: \(found)")
        }
    }

    @Test("usage labels are GLib's sizes (decimal units, a no-break space before the unit)")
    func usageText() {
        #expect(UsageText.usage(0, budgetMB: 500) == "0 bytes of 500.0\u{00A0}MB")
        #expect(UsageText.usage(132_400_000, budgetMB: 500) == "132.4\u{00A0}MB of 500.0\u{00A0}MB")
        #expect(UsageText.megabytes(400_000) == "400.0\u{00A0}kB")
        #expect(UsageText.megabytes(9_500_000) == "9.5\u{00A0}MB")
        #expect(UsageText.megabytes(3_000_000) == "3.0\u{00A0}MB")
        #expect(UsageText.usage(1_250_000_000, budgetMB: 20_000) == "1.2\u{00A0}GB of 20.0\u{00A0}GB")
        #expect(UsageText.fraction(250_000_000, budgetMB: 500) == 0.5)
        #expect(UsageText.fraction(900_000_000, budgetMB: 500) == 1)
    }

    /// The schema compiled into a folder of the test's own; `edit` may
    /// change its XML first (to make an older schema).
    private func compiledSchema(_ edit: (String) -> String = { $0 }) throws -> OpaquePointer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/io.github.flick.Flick.gschema.xml")
        try edit(String(contentsOf: schema, encoding: .utf8))
            .write(to: folder.appendingPathComponent(schema.lastPathComponent), atomically: true, encoding: .utf8)
        try X11.run(["glib-compile-schemas", "--strict", folder.path])
        var error: UnsafeMutablePointer<GError>?
        let source = g_settings_schema_source_new_from_directory(folder.path, nil, 1, &error)
        try? FileManager.default.removeItem(at: folder)
        guard let source else { throw X11.Failure(message: "the compiled schema cannot be read") }
        return source
    }

    @Test("the app's ranges are the schema's, and a value outside them is read clamped")
    @MainActor
    func settingsRanges() throws {
        let source = try compiledSchema()
        defer { g_settings_schema_source_unref(source) }
        let backend = try #require(memorySettingsBackend())
        defer { g_object_unref(UnsafeMutableRawPointer(backend)) }
        let settings = AppSettings(source: source, backend: backend)
        #expect(settings.isPersistent)
        for key in [SettingsKey.videoCacheBudgetMB, .imageCacheBudgetMB, .playerPoolSize, .mountedPagesEachSide] {
            #expect(settings.range(of: key) == key.acceptedRange, "\(key.rawValue): the schema and the app agree")
        }
        #expect(settings.uint(.videoCacheBudgetMB, default: 0) == 500)
        // Window sizes have no range in the schema: the app keeps them sane.
        settings.set(.windowWidth, int: 5)
        #expect(settings.int(.windowWidth, default: 0) == 100)
        settings.set(.windowHeight, int: 900)
        #expect(settings.int(.windowHeight, default: 0) == 900)
        settings.contentFit = .contain
        #expect(settings.contentFit == .contain)
        #expect(settings.hardwareDecoding == .auto, "the default")
    }

    @Test("an installed schema older than the app (a key missing) gives that key its default instead of aborting")
    @MainActor
    func olderSchema() throws {
        let source = try compiledSchema { xml in
            guard let start = xml.range(of: "<key name=\"hardware-decoding\""),
                  let end = xml.range(of: "</key>", range: start.upperBound..<xml.endIndex) else { return xml }
            return xml.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
        }
        defer { g_settings_schema_source_unref(source) }
        let backend = try #require(memorySettingsBackend())
        defer { g_object_unref(UnsafeMutableRawPointer(backend)) }
        let settings = AppSettings(source: source, backend: backend)
        #expect(settings.isPersistent)
        #expect(settings.hardwareDecoding == .auto, "GSettings would abort on the unknown key")
        settings.observe(.hardwareDecoding) {}
        #expect(settings.uint(.videoCacheBudgetMB, default: 0) == 500, "the keys it has still work")
    }
}

/// GIO's in-memory settings backend: its header is only for backend
/// implementations, so Swift does not see it (a C function without
/// arguments returning a full reference, as DESIGN.md's dispatch bridge does).
@_silgen_name("g_memory_settings_backend_new")
private func memorySettingsBackend() -> OpaquePointer?
