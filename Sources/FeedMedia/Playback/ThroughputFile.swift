import FeedCore
import Foundation

/// The file the link estimates are kept in between runs (``ThroughputBook``):
/// JSON of FeedCore's ``ThroughputMemory``, read bounded, written whole
/// (a temporary file renamed over it, readable by the user only), so a
/// failed write leaves the last one. Blocking; a worker thread's.
enum ThroughputFile {
    /// The memory in `file`; nil when there is none, or it cannot be
    /// believed (said on standard error, and the run starts afresh).
    static func load(_ file: URL) -> ThroughputMemory? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return nil }
        guard attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, size <= ThroughputMemory.maxBytes,
              let handle = FileHandle(forReadingAtPath: file.path) else {
            return refused(file, "it is not a file of at most \(ThroughputMemory.maxBytes) bytes")
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: ThroughputMemory.maxBytes + 1), data.count <= ThroughputMemory.maxBytes else {
            return refused(file, "it could not be read whole")
        }
        guard let memory = try? JSONDecoder().decode(ThroughputMemory.self, from: data) else {
            return refused(file, "it is not what Flick writes")
        }
        return memory
    }

    /// Writes `memory` over `file`; a failure is said and leaves the file as it was.
    static func save(_ memory: ThroughputMemory, to file: URL) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(memory)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: [.atomic])
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        } catch {
            FileHandle.standardError.write(Data("flick: the links' measured speeds were not kept for the next run (\(error.localizedDescription))\n".utf8))
        }
    }

    private static func refused(_ file: URL, _ why: String) -> ThroughputMemory? {
        FileHandle.standardError.write(Data("flick: the links' speeds kept by an earlier run are ignored: \(why) (\(file.lastPathComponent))\n".utf8))
        return nil
    }
}
