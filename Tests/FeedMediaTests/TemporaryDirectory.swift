import Foundation

/// A fresh directory under the system's temporary directory; tests remove it with `remove()` in a defer.
struct TemporaryDirectory {
    let url: URL

    init(_ label: String = #function) throws {
        let name = "flick-test-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
