import FlickTooling
import Foundation
import Glibc

/// `flick bench WORDS`: the bench is its own program, `flick-bench`, which
/// `swift build` makes next to `flick` (it is developer tooling: `meson
/// install` leaves it out). This runs it in this process's place with the
/// same words, so its output, exit status and signals are its own.
enum BenchForwarder {
    /// The bench program's file name.
    static let program = "flick-bench"

    /// Replaces this process with `flick-bench WORDS`; returns (with status
    /// 1, having said why) only when it cannot.
    static func run(_ words: [String]) -> Int32 {
        let bench = ProgramFiles.beside(program)
        guard access(bench, X_OK) == 0 else {
            Log.error("flick bench runs \(program), which is not next to this flick (\(bench)): "
                      + "it is built with the source tree (swift build -c release) and not installed")
            return 1
        }
        let argv = ([program] + words).map { strdup($0) } + [nil]
        execv(bench, argv)
        let why = String(cString: strerror(errno))
        Log.error("could not run \(bench): \(why)")
        return 1
    }
}
