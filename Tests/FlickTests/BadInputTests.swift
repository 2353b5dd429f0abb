import Foundation
import Testing
@testable import Flick

extension AppUnderX {
    /// Mistakes get one clear line on stderr and a non-zero exit, never a crash.
    @Suite("Bad input on the command line")
    struct BadInputTests {
        private func run(_ arguments: [String], display: String? = ProcessInfo.processInfo.environment["DISPLAY"],
                         wrapper: [String] = []) throws -> (status: Int32?, stderr: String, app: AppProcess) {
            let app = try AppProcess(arguments, display: display, wrapper: wrapper)
            let status = app.waitForExit()
            return (status, app.stderr, app)
        }

        private func expectOneLine(_ stderr: String, containing text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let lines = stderr.split(separator: "\n").filter { !$0.isEmpty }
            #expect(lines.count == 1, "expected one line, got: \(stderr)", sourceLocation: sourceLocation)
            #expect(stderr.hasPrefix("flick: "), sourceLocation: sourceLocation)
            #expect(stderr.contains(text), "expected ‘\(text)’ in: \(stderr)", sourceLocation: sourceLocation)
        }

        @Test("a folder that does not exist")
        func missingFolder() throws {
            let result = try run(["/nonexistent/flick-\(UUID().uuidString)"])
            #expect(result.status == 1)
            expectOneLine(result.stderr, containing: "does not exist")
        }

        @Test("a playlist that is a named pipe is refused at once, never opened for reading", .timeLimit(.minutes(1)))
        func pipePlaylist() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fifo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let pipe = folder.appendingPathComponent("list.m3u")
            #expect(mkfifo(pipe.path, 0o644) == 0)
            let result = try run([pipe.path])
            #expect(result.status == 1)
            expectOneLine(result.stderr, containing: "is not a regular file")
        }

        @Test("a file instead of a folder")
        func notAFolder() throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("flick-file-\(UUID().uuidString)")
            try Data("x".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try run([file.path])
            #expect(result.status == 1)
            expectOneLine(result.stderr, containing: "not a folder")
        }

        @Test("a folder that cannot be read")
        func unreadableFolder() throws {
            // Root reads any folder, so as root the app runs as nobody instead.
            let wrapper = getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : []
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-locked-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.path)
            defer {
                try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
                try? FileManager.default.removeItem(at: folder)
            }
            let result = try run([folder.path], wrapper: wrapper)
            #expect(result.status == 1)
            expectOneLine(result.stderr, containing: "Cannot read the folder")
        }

        @Test("no display")
        func noDisplay() throws {
            let folder = try Fixtures.pictureFolder(count: 1)
            defer { try? FileManager.default.removeItem(at: folder) }
            let result = try run([folder.path], display: nil)
            #expect(result.status == 1)
            expectOneLine(result.stderr, containing: "cannot open a display")
        }

        @Test("an unknown option and a bad value")
        func badOptions() throws {
            let unknown = try run(["--frobnicate"])
            #expect(unknown.status == 2)
            expectOneLine(unknown.stderr, containing: "Unknown option --frobnicate")
            let badFit = try run(["--fit", "stretch"])
            #expect(badFit.status == 2)
            expectOneLine(badFit.stderr, containing: "cover")
        }

        @Test("--help lists the commands and options")
        func help() throws {
            let app = try AppProcess(["--help"])
            #expect(app.waitForExit() == 0)
            // --help prints to stdout, which AppProcess parses for JSON; read it again directly.
            let text = try X11.run([AppProcess.binary.path, "--help"])
            for word in ["Usage:", "flick [OPTION…]", "FOLDER", "--report-state", "--demo-items", "--fit", "--help", "--version"] {
                #expect(text.contains(word), "help lacks \(word)")
            }
            // GApplication parses the app's command line: its own help group is there, and every option of the table.
            #expect(text.contains("--help-gapplication"))
            for option in CommandLineOptions.applicationTable {
                #expect(text.contains("--\(option.long)"), "help lacks --\(option.long)")
            }
            // Every subcommand the README names ("flick account …", "flick cache …").
            let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
            let named = try NSRegularExpression(pattern: #"(?m)(?:^|`)flick ([a-z]+) "#)
            let subcommands = Set(named.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)).compactMap {
                Range($0.range(at: 1), in: readme).map { String(readme[$0]) }
            })
            #expect(subcommands.isSuperset(of: ["account", "cache", "serve", "bench"]), "\(subcommands)")
            for subcommand in subcommands {
                #expect(text.contains("  flick \(subcommand) "), "help lacks flick \(subcommand)")
            }
        }

        @Test("options reach the app through GApplication, in both spellings, and a word after -- is a folder")
        func applicationOptions() throws {
            // A refused value and a missing folder are told apart: the first is GLib's parse (2), the second the app's (1).
            #expect(try run(["--demo-items=0"]).status == 2)
            let missing = try run(["--fit=contain", "--", "/nonexistent/--flick"])
            #expect(missing.status == 1)
            expectOneLine(missing.stderr, containing: "/nonexistent/--flick")
            let version = try X11.run([AppProcess.binary.path, "--paging", "horizontal", "--version"])
            #expect(version.hasPrefix("Flick "))
        }

        @Test("flick bench --help says what each bench option means, and exits 0")
        func benchHelp() throws {
            let app = try AppProcess(["bench", "--help"])
            #expect(app.waitForExit() == 0)
            let text = try X11.run([AppProcess.binary.path, "bench", "--help"])
            for word in ["Usage:", "flick bench [OPTION…]", "--mode", "--seconds", "--bandwidth", "--latency", "--engine",
                         "--compare", "--json", "--help"] {
                #expect(text.contains(word), "bench help lacks \(word)")
            }
        }
    }
}
