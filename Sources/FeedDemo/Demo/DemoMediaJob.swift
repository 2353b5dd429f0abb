import FeedMedia
import Foundation

/// One file of the demo library and the pipeline that makes it.
struct DemoMediaJob: Sendable {
    /// For errors: "clip 7", "poster of clip 7", "picture 2".
    var item: String
    /// For progress: "Making clip 7 of 30".
    var message: String
    /// Rough relative cost, for the progress fraction.
    var weight: Double
    var target: URL
    var pipeline: String
    /// Extra string properties: (element name, property, value).
    var strings: [DemoMediaJob.StringProperty] = []
    /// How long the pipeline may run, in seconds.
    var timeout: Double

    struct StringProperty: Sendable {
        var element: String
        var property: String
        var value: String
    }

    /// Renders into a temporary name next to `target`, then renames it into
    /// place, so a file under its final name is always complete.
    /// Blocking; runs on a worker thread.
    func render(in directory: URL) throws {
        // Unique per call, so two generators sharing a directory never write the same temporary file.
        let temp = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8)).part")
        unlink(temp.path)
        do {
            let pipeline = try MediaPipeline(self.pipeline)
            try pipeline.set("sink", "location", string: temp.path)
            for string in strings {
                try pipeline.set(string.element, string.property, string: string.value)
            }
            defer { pipeline.stop() }
            try pipeline.runToEnd(timeout: timeout)
        } catch let failure as MediaPipelineFailure {
            unlink(temp.path)
            switch failure {
            case .timedOut(let seconds):
                throw DemoMediaError.timedOut(item: item, seconds: seconds)
            case .error(let error):
                throw Self.demoError(error, item: item, directory: directory)
            }
        } catch let error as GStreamerError {
            unlink(temp.path)
            throw Self.demoError(error, item: item, directory: directory)
        }
        var info = stat()
        guard stat(temp.path, &info) == 0, info.st_size > 0 else {
            unlink(temp.path)
            throw DemoMediaError.pipelineFailed(item: item, reason: "it wrote an empty file")
        }
        guard rename(temp.path, target.path) == 0 else {
            let code = errno
            unlink(temp.path)
            throw DemoMediaError.cannotWrite(directory: directory.path, reason: String(cString: strerror(code)))
        }
    }

    static func demoError(_ error: GStreamerError, item: String, directory: URL) -> DemoMediaError {
        if error.isNoSpaceLeft { return .noSpace(directory: directory.path) }
        return .pipelineFailed(item: item, reason: error.message)
    }
}
