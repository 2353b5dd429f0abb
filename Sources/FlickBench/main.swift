// flick-bench: Flick paged through the demo feed in a real window for a
// fixed time, cold and then warm, measured against its yardsticks
// (BENCHMARKS.md). `flick bench` runs it.
import Foundation

exit(BenchMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
