// Pure: values only, imports Foundation at most.
import Foundation

/// Where an AT Protocol account lives: the address of its DID document
/// (the PLC directory's for `did:plc`, `/.well-known/did.json` for
/// `did:web`) and the personal data server (PDS) the document names
/// (its `#atproto_pds` service of type `AtprotoPersonalDataServer`).
///
/// A PDS is where blobs (a video's captions) are read and, signed in, where
/// tokens go: it must be https on a public host, or http(s) on a loopback
/// host (a local test server). A document that names anything else — plain
/// http elsewhere, a private or link-local address, credentials in the
/// URL — is refused, and nothing is sent there.
public enum BlueskyIdentity {
    /// Why no PDS is taken from a document; `rawValue` is the stable
    /// English for logs and tables.
    public enum Refusal: String, Error, Sendable, Equatable {
        case notADocument = "not a DID document"
        case otherDID = "the document is another DID's"
        case noPDS = "the document names no PDS"
        case notHTTPS = "the PDS is not an https address"
        case privateAddress = "the PDS is on a private or link-local address"
    }

    /// The largest DID document read, in bytes.
    public static let maxDocumentBytes = 64 * 1024

    /// The address of `did`'s document: `DIRECTORY/DID` for `did:plc`,
    /// `https://HOST/.well-known/did.json` for `did:web:HOST` (a port is
    /// written `%3A`; http on a loopback host). Nil for other methods and
    /// for `did:web` with a path, which the AT Protocol does not use.
    public static func documentURL(did: String, plcDirectory: String) -> String? {
        guard BlueskyAddress.isDID(did) else { return nil }
        if did.hasPrefix("did:plc:") {
            let directory = plcDirectory.hasSuffix("/") ? String(plcDirectory.dropLast()) : plcDirectory
            guard case .success = checkedEndpoint(directory) else { return nil }
            return "\(directory)/\(did)"
        }
        guard did.hasPrefix("did:web:") else { return nil }
        let host = did.dropFirst("did:web:".count).replacingOccurrences(of: "%3A", with: ":")
            .replacingOccurrences(of: "%3a", with: ":")
        let parts = host.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, BlueskyAddress.isHandle(String(parts[0]).lowercased()) || ServiceAddress.isLoopback(String(parts[0])),
              parts.count == 1 || (parts[1].allSatisfy(\.isNumber) && (Int(parts[1]).map { (1...65535).contains($0) } ?? false))
        else { return nil }
        let scheme = ServiceAddress.isLoopback(String(parts[0])) ? "http" : "https"
        return "\(scheme)://\(host.lowercased())/.well-known/did.json"
    }

    /// The PDS `document` (a DID document's JSON) names for `did`, checked
    /// as ``checkedEndpoint(_:)`` checks it.
    public static func pds(in document: Data, did: String) -> Result<String, Refusal> {
        guard document.count <= maxDocumentBytes,
              let object = try? JSONSerialization.jsonObject(with: document) as? [String: Any],
              let id = object["id"] as? String else { return .failure(.notADocument) }
        guard id == did else { return .failure(.otherDID) }
        let services = (object["service"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let pds = services.first { service in
            let serviceID = service["id"] as? String
            return (serviceID == "#atproto_pds" || serviceID == "\(did)#atproto_pds")
                && service["type"] as? String == "AtprotoPersonalDataServer"
        }
        guard let endpoint = pds?["serviceEndpoint"] as? String else { return .failure(.noPDS) }
        return checkedEndpoint(endpoint)
    }

    /// `text` as a server requests may go to, without a trailing slash:
    /// https on a host that is not a private, link-local or unspecified
    /// address, or http(s) on a loopback host; no user, query or fragment.
    public static func checkedEndpoint(_ text: String) -> Result<String, Refusal> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let rawHost = url.host,
              !rawHost.isEmpty, url.user == nil, url.password == nil, url.query == nil, url.fragment == nil
        else { return .failure(.notHTTPS) }
        let host = rawHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        let loopback = ServiceAddress.isLoopback(host)
        guard scheme == "https" || (scheme == "http" && loopback) else { return .failure(.notHTTPS) }
        guard loopback || !isPrivate(host) else { return .failure(.privateAddress) }
        return .success(text.hasSuffix("/") ? String(text.dropLast()) : text)
    }

    /// Private (RFC 1918, shared 100.64/10), link-local, unspecified and
    /// unique-local addresses, and names only a local network resolves.
    static func isPrivate(_ host: String) -> Bool {
        if host.hasSuffix(".local") || host.hasSuffix(".internal") || host.hasSuffix(".lan") || !host.contains(".") && !host.contains(":") {
            return true
        }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        if octets.count == 4, octets.allSatisfy({ $0 != nil && (0...255).contains($0!) }) {
            let (a, b) = (octets[0]!, octets[1]!)
            return a == 0 || a == 10 || a == 127 || (a == 100 && (64...127).contains(b)) || (a == 169 && b == 254)
                || (a == 172 && (16...31).contains(b)) || (a == 192 && b == 168) || a >= 224
        }
        if host.contains(":") {
            return host == "::" || host.hasPrefix("fc") || host.hasPrefix("fd") || host.hasPrefix("fe8") || host.hasPrefix("fe9")
                || host.hasPrefix("fea") || host.hasPrefix("feb") || host.hasPrefix("::ffff:")
        }
        return false
    }
}
