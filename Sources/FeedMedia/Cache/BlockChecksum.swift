import CZlib
import FeedCore
import Foundation

/// CRC-32 (zlib's) of the held pieces of cache blocks, from bytes read
/// back from a data file. Pure; any thread.
enum BlockChecksum {
    /// The checksum of `pieces` (file offsets, in order) read from `bytes`,
    /// which hold the file from offset `base`.
    static func of(_ pieces: [Range<Int>], in bytes: Data, base: Int) -> UInt32 {
        extending(0, startedEmpty: true, with: pieces, in: bytes, base: base)
    }

    /// The checksum of a block's held bytes followed by `pieces` (read from
    /// `bytes`, which hold the file from `base`), from the held bytes'
    /// checksum `sum` alone; `startedEmpty` when the block held nothing.
    static func extending(_ sum: UInt32, startedEmpty: Bool, with pieces: [Range<Int>], in bytes: Data,
                          base: Int) -> UInt32 {
        bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> UInt32 in
            var crc = startedEmpty ? crc32(0, nil, 0) : uLong(sum)
            guard let start = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self) else { return UInt32(crc) }
            for piece in pieces {
                crc = crc32(crc, start + (piece.lowerBound - base), uInt(piece.count))
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }

    /// Block checksums as they are written in the index: base64 of
    /// little-endian 32-bit values, 0 for a block that holds nothing.
    static func encode(_ sums: [UInt32]) -> String {
        var data = Data(capacity: sums.count * 4)
        for sum in sums { withUnsafeBytes(of: sum.littleEndian) { data.append(contentsOf: $0) } }
        return data.base64EncodedString()
    }

    /// The inverse of `encode`; nil for text that is not base64 of whole values.
    static func decode(_ text: String) -> [UInt32]? {
        guard let data = Data(base64Encoded: text), data.count % 4 == 0 else { return nil }
        return stride(from: 0, to: data.count, by: 4).map { offset in
            data[data.startIndex + offset..<data.startIndex + offset + 4].enumerated()
                .reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        }
    }
}
