import FeedMedia
/// Why the demo media could not be made, as one line that says what to do.
/// A missing GStreamer element is reported as ``MediaRuntimeError`` instead.
public enum DemoMediaError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The disk (or the temporary directory mp4mux uses) is full.
    case noSpace(directory: String)
    /// The directory could not be created or written.
    case cannotWrite(directory: String, reason: String)
    /// A pipeline failed; `item` is e.g. "clip 7".
    case pipelineFailed(item: String, reason: String)
    /// A pipeline did not finish in time.
    case timedOut(item: String, seconds: Double)

    public var description: String {
        switch self {
        case .noSpace(let directory):
            return "No space left to write the demo media in \(directory): free some disk space and start Flick again."
        case .cannotWrite(let directory, let reason):
            return "Cannot write the demo media in \(directory) (\(reason)): check that the folder is writable."
        case .pipelineFailed(let item, let reason):
            return "GStreamer failed to make demo \(item) (\(reason)); run meson-helpers/setup-debian.sh and try again."
        case .timedOut(let item, let seconds):
            return "Making demo \(item) took longer than \(Int(seconds)) s; the machine may be overloaded, try again."
        }
    }
}
