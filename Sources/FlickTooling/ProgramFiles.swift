import Foundation

/// Where this process's program is, and the programs installed beside it
/// (`flick` and `flick-bench` find each other there).
package enum ProgramFiles {
    /// This process's executable, links resolved.
    package static var own: URL { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath() }

    /// The program called `name` in this executable's folder (it may not exist).
    package static func beside(_ name: String) -> String {
        own.deletingLastPathComponent().appendingPathComponent(name).path
    }
}
