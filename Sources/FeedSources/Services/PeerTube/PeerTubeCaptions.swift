import FeedCore
import Foundation

/// Reads `GET /api/v1/videos/{uuid}/captions`: each caption's language and
/// its WebVTT file (`fileUrl` on newer instances, else `captionPath` on the
/// instance). Entries it cannot read are left out; at most
/// ``FeedValueRules/maxCaptions`` are kept, as of a Flick feed's item;
/// only http(s) files. Pure; any thread.
enum PeerTubeCaptions {
    private struct Answer: Decodable {
        var data: [Lossy<Entry>]
    }

    private struct Entry: Decodable {
        struct Language: Decodable {
            var id: String?
        }
        var language: Language?
        var captionPath: String?
        var fileUrl: String?
    }

    /// The tracks in `data`, their relative paths resolved against `base`
    /// (the instance); none when the answer is not a caption list.
    static func tracks(_ data: Data, base: URL) -> [CaptionTrack] {
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data) else { return [] }
        let tracks = answer.data.compactMap(\.value).compactMap { entry -> CaptionTrack? in
            let address = entry.fileUrl ?? entry.captionPath
            guard let address, address.utf8.count <= FeedValueRules.maxURLBytes, let url = URL(string: address, relativeTo: base)?.absoluteURL,
                  url.scheme == "http" || url.scheme == "https" else { return nil }
            return CaptionTrack(language: CaptionChoice.acceptedLanguage(entry.language?.id), uri: url.absoluteString)
        }
        return Array(tracks.prefix(FeedValueRules.maxCaptions))
    }
}
