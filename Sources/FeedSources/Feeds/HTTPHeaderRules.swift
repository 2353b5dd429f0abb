/// What a header a feed asks us to send may contain. Pure.
///
/// Names are RFC 9110 tokens; values may not hold CR, LF or NUL, so a feed
/// cannot smuggle extra headers or a second request into ours.
package enum HTTPHeaderRules {
    package static func isValid(name: String, value: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(isTokenCharacter)
            && !value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }
}
