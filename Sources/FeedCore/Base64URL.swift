// Pure: values only, imports Foundation at most.

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5), as
/// PKCE's verifier and challenge are written (RFC 7636 appendix A).
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for (place, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * place) }
            for place in 0..<(chunk.count + 1) { out.append(alphabet[Int((value >> (18 - 6 * place)) & 0x3F)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
