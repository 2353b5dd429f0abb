import FlickTooling
import Foundation

/// The bench program: its options, or the GtkVideo yardstick's hidden
/// command when it runs itself as that child. Main thread.
@MainActor
enum BenchMain {
    /// Runs the bench (or the child) and returns the exit status: 2 for a
    /// command line it cannot run, having said why.
    static func run(arguments: [String]) -> Int32 {
        if arguments.first == GtkVideoYardstick.command {
            guard let request = GtkVideoYardstick.Request(arguments: Array(arguments.dropFirst())) else {
                Log.error("usage: flick-bench \(GtkVideoYardstick.command) URI WIDTH HEIGHT SECONDS RESULT")
                return 2
            }
            return GtkVideoYardstick.runChild(request)
        }
        let options: BenchOptions
        do throws(OptionParseError) {
            options = try BenchOptions.parse(arguments)
        } catch {
            Log.error(error.description)
            return 2
        }
        if options.helpAsked {
            print(BenchOptions.help, terminator: "")
            return 0
        }
        return BenchCommand.run(options)
    }
}
