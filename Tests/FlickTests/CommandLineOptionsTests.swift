import Testing
@testable import Flick

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
        #expect(try CommandLineOptions.parse(["--version"]).command == .version)
    }

    @Test("mistakes are refused with a message", arguments: [
        (["--demo-items"], "needs a value"),
        (["--demo-items", "0"], "whole number"),
        (["--demo-items", "many"], "whole number"),
        (["--fit", "stretch"], "cover"),
        (["--nope"], "unknown option"),
        (["a", "b"], "one feed at a time"),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect {
            _ = try CommandLineOptions.parse(arguments)
        } throws: { error in
            (error as? CommandLineOptions.ParseError)?.description.contains(message) == true
        }
    }

    @Test("a dash-dash ends the options")
    func dashDash() throws {
        #expect(try CommandLineOptions.parse(["--", "--weird-folder"]).command == .run(.folder("--weird-folder")))
    }
}
