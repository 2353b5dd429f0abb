import Foundation

extension Fixtures {
    /// Runs `flick serve folder`; returns the server, the feed URL it
    /// prints and its whole first line. The caller ends the server.
    static func serve(_ folder: URL) throws -> (Process, String, String) {
        let server = Process()
        server.executableURL = AppProcess.binary
        server.arguments = ["serve", folder.path]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        var banner = Data()
        let deadline = Date().addingTimeInterval(10)
        while !banner.contains(UInt8(ascii: "\n")), Date() < deadline {
            banner.append(out.fileHandleForReading.availableData)
        }
        let text = String(decoding: banner, as: UTF8.self)
        guard let url = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first(where: { $0.hasPrefix("http://") }) else {
            server.terminate()
            throw X11.Failure(message: "flick serve printed no URL: \(text)")
        }
        return (server, String(url), text)
    }
}
