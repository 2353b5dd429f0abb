import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder whose disk has room for only a few megabytes: a tmpfs of that
/// size mounted for the test when it runs as root (CI does), else the
/// process's file size limit (RLIMIT_FSIZE) set to the same size, with
/// SIGXFSZ ignored, so that writes past it fail as a failing disk does.
/// Either way the kernel refuses the bytes; nothing in Flick is faked.
final class TinyDisk {
    let folder: URL
    /// Whether a real tmpfs is mounted (else the file size limit applies).
    let mounted: Bool
    private var savedLimit = rlimit()

    init(bytes: Int, label: String = #function) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-tiny-\(label.filter(\.isLetter))-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0, Self.run(["/bin/mount", "-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", folder.path]) {
            mounted = true
        } else {
            mounted = false
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &savedLimit)
            var limit = savedLimit
            limit.rlim_cur = rlim_t(bytes)
            signal(SIGXFSZ, SIG_IGN)
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
        }
    }

    /// Unmounts (or lifts the limit) and removes the folder.
    func tearDown() {
        if mounted {
            _ = Self.run(["/bin/umount", folder.path])
        } else {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &savedLimit)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
