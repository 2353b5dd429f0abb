import Foundation
import Testing

extension AppUnderX {
    /// The real app in German and Spanish, with the catalogues the suite
    /// compiled (`FLICK_LOCALE_DIR`): the words change, the tools' keys do not.
    @Suite("Flick in the user's language")
    struct LocaleUITests {
        /// The language of a run: C.UTF-8 (gettext ignores LANGUAGE under
        /// plain C) with LANGUAGE naming the translation.
        static func environment(_ language: String) -> [String: String] {
            ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": language]
        }

        /// `flick --help` in `language`.
        private func help(in language: String) throws -> String {
            let (status, text) = try run(["--help"], in: language)
            #expect(status == 0, "\(text)")
            return text
        }

        /// What `flick ARGUMENTS` prints in `language` before it exits, and its status.
        private func run(_ arguments: [String], in language: String) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = AppProcess.binary
            process.arguments = ["--standalone"] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(Self.environment(language)) { _, new in new }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }

        @Test("under LANGUAGE=de the accessible names, a toast, the skipped-files summary with its plural and --help are German; the report's keys are not")
        func german() throws {
            let folder = try Fixtures.pictureFolder(count: 2)
            defer { try? FileManager.default.removeItem(at: folder) }
            for name in ["empty-1.mp4", "empty-2.mp4"] {
                try Data().write(to: folder.appendingPathComponent(name))
            }
            let tree = try AccessibleTree()
            let app = try AppProcess([folder.path, "--report-state"],
                                     environment: tree.environment.merging(Self.environment("de")) { _, new in new })
            let shown = try #require(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentReady == true },
                                     "stderr: \(app.stderr)")
            #expect(shown.skippedSummary == "2 Dateien wurden übersprungen: 2 leer", "the plural form")
            #expect(shown.currentLabel == "Bild: pic-0")
            #expect(shown.announcement == "Bild: pic-0, Beitrag 1 von 2")
            #expect(shown.currentIndex == 0 && shown.itemCount == 2, "the report's keys and values for tools stay as they are")

            let nodes = try tree.nodes(of: app.process.processIdentifier)
            let names = Set(nodes.map(\.name))
            for german in ["Hauptmenü", "Quellen", "Gefällt mir", "Link kopieren", "In Dateien zeigen"] {
                #expect(names.contains(german), "a control named \(german) in \(names.sorted())")
            }
            #expect(!names.contains("Main menu") && !names.contains("Copy the link"), "no English name is left")

            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("ctrl+c", window: window)
            let toasted = app.waitForState(after: seen) { $0.lastToast != nil }
            #expect(toasted?.lastToast == "Adresse der Datei kopiert")

            let text = try help(in: "de")
            for words in ["Befehle:", "Den eingebauten Server auf RATE Bit/s begrenzen", "Die Videos und Bilder in ORDNER"] {
                #expect(text.contains(words), "--help says \(words): \(text)")
            }
        }

        @Test("under LANGUAGE=de what the media and service layers say of bad input is German: a service address written wrong, a missing playlist")
        func germanProblems() throws {
            let (badAddress, addressText) = try run(["mastodon:/tags/cats"], in: "de")
            #expect(badAddress != 0)
            #expect(addressText.contains("‚mastodon:/tags/cats‘ nennt keinen Host (mastodon:HOST[:PORT]…)"), "\(addressText)")
            let (badPath, pathText) = try run(["/nonexistent/flick-locale-test.m3u"], in: "de")
            #expect(badPath != 0)
            #expect(pathText.contains("Die Wiedergabeliste /nonexistent/flick-locale-test.m3u existiert nicht: Prüfen Sie den Pfad."),
                    "\(pathText)")
        }

        @Test("under LANGUAGE=es the first post is read out and --help is Spanish")
        func spanish() throws {
            let folder = try Fixtures.pictureFolder(count: 3)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data().write(to: folder.appendingPathComponent("empty.mp4"))
            let app = try AppProcess([folder.path, "--report-state"], environment: Self.environment("es"))
            let shown = try #require(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentReady == true },
                                     "stderr: \(app.stderr)")
            #expect(shown.skippedSummary == "Se omitió 1 archivo: 1 vacío", "the singular form")
            #expect(shown.announcement == "Imagen: pic-0, publicación 1 de 3")
            let text = try help(in: "es")
            #expect(text.contains("Órdenes:") && text.contains("Limita el servidor incorporado a RATE bits/s"), "\(text)")
        }
    }
}
