import FeedCore
import FeedGObject
import Foundation

/// Finds where accounts live: each DID's document (from the PLC directory
/// or its `did:web` host) and the PDS it names (``BlueskyIdentity``),
/// asked once per DID for the run and shared by the waiters. GTK thread only.
@MainActor
final class BlueskyIdentities {
    /// The PLC directory, as its setting says.
    private let plcDirectory: String
    /// Documents are small and asked beside a page: a short deadline, 64 KiB at most.
    private let client: ServiceClient
    /// What each DID resolved to: its PDS, or why none.
    private var known: [String: Result<String, BlueskyIdentity.Refusal>] = [:]
    private var waiting: [String: [@MainActor (String?) -> Void]] = [:]

    init(plcDirectory: String, session: GObjectRef) {
        self.plcDirectory = plcDirectory
        client = ServiceClient(session: session, options: .init(timeoutSeconds: 5, maxBytes: BlueskyIdentity.maxDocumentBytes))
    }

    /// `did`'s PDS, or nil when its document cannot be had or names none
    /// Flick may ask (said once on stderr).
    func pds(of did: String, _ completion: @escaping @MainActor (String?) -> Void) {
        if let result = known[did] { return completion(try? result.get()) }
        if waiting[did] != nil {
            waiting[did]?.append(completion)
            return
        }
        guard let address = BlueskyIdentity.documentURL(did: did, plcDirectory: plcDirectory), let url = URL(string: address) else {
            known[did] = .failure(.notADocument)
            return completion(nil)
        }
        waiting[did] = [completion]
        client.get(url, accept: "application/did+ld+json, application/json") { [weak self] result in
            guard let self else { return }
            let found: Result<String, BlueskyIdentity.Refusal>
            switch result {
            case .success(let response): found = BlueskyIdentity.pds(in: response.body, did: did)
            case .failure: found = .failure(.notADocument)
            }
            if case .failure(let refusal) = found {
                FileHandle.standardError.write(Data("flick: warning: no PDS for \(did): \(refusal.rawValue)\n".utf8))
            }
            known[did] = found
            for done in waiting.removeValue(forKey: did) ?? [] { done(try? found.get()) }
        }
    }
}
