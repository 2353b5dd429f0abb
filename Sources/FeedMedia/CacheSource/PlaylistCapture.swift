import FeedCore
import Foundation

/// The bytes of an HLS playlist as one cache source element hands them
/// out, wherever they are read (typefind probes a file's head and tail
/// before the demuxer reads it through), so that at stop the element can
/// tell whether the store may keep it (FeedCore's ``HLSPlaylist``).
/// Owned by one element, under its lock.
struct PlaylistCapture {
    private var bytes = Data()
    private var seen = ByteRangeSet()
    /// More was read than a kept playlist may hold.
    private var tooLong = false
    /// Where the last read ended, and how many bytes since a newline there
    /// (reads in order, as the demuxer's, count one line across reads).
    private var runEnd: Int64 = -1
    private var run = 0
    /// The longest line seen so far, in bytes.
    private(set) var longestLine = 0

    /// Counts the lines of `data`, read at `offset`.
    mutating func measureLines(_ data: Data, at offset: Int64) {
        if offset != runEnd { run = 0 }
        for byte in data {
            if byte == UInt8(ascii: "\n") { run = 0 } else { run += 1; longestLine = max(longestLine, run) }
        }
        runEnd = offset + Int64(data.count)
    }

    mutating func record(_ data: Data, at offset: Int64) {
        measureLines(data, at: offset)
        let end = Int(offset) + data.count
        guard !tooLong, end <= HLSPlaylist.maxKeptBytes else {
            tooLong = true
            bytes = Data()
            return
        }
        if bytes.count < end { bytes.append(Data(count: end - bytes.count)) }
        bytes.replaceSubrange(Int(offset)..<end, with: data)
        seen.insert(Int(offset)..<end)
    }

    /// Whether the store may keep a playlist of `length` bytes: nil when
    /// this element did not hand out all of it (a probe before a restart),
    /// so whoever reads it whole decides; else whether the whole says it
    /// is final. One longer than a kept playlist may be never is.
    func mayKeep(length: Int64?) -> Bool? {
        if tooLong { return false }
        guard let length, length == Int64(bytes.count), seen.contains(0..<Int(length)) else { return nil }
        return HLSPlaylist.isFinal(String(decoding: bytes, as: UTF8.self))
    }
}
