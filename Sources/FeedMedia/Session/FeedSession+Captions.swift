import FeedCore
import Foundation

/// Captions: the file a player plays beside a post (of its captions, the
/// one in the user's language: a file beside a local clip, or a feed's,
/// fetched once into ``RemoteCaptions``), the cues of the current post to
/// the view, and how many tracks it has. GTK thread only.
extension FeedSession {
    /// The captions file played beside the post at `index`: of its
    /// captions, the one in the user's language, when it is on this
    /// computer. A remote one not fetched yet starts fetching, and the
    /// post's player opens again with it once it lands.
    func captionFile(at index: Int) -> String? {
        guard let item = item(at: index), !item.captions.isEmpty,
              let pick = CaptionChoice.pick(item.captions.map(\.language), preferred: CaptionLanguage.preferred) else { return nil }
        let track = item.captions[pick]
        switch MediaLocation(track.uri) {
        case .file:
            return track.uri
        case .http, .https:
            guard let url = URL(string: track.uri) else { return nil }
            let id = item.id
            return media.captions.file(for: url, headers: extras(for: id)?.headers ?? [:]) { [weak self] _ in
                self?.captionFetched(for: id)
            }
        default:
            return nil
        }
    }

    /// A remote captions file landed: the post's player opens again with
    /// it, unless that post is already playing on screen (it gets its
    /// captions when it is loaded next).
    private func captionFetched(for id: String) {
        guard let index = feed.items.firstIndex(where: { $0.id == id }), let player = pool.player(for: index) else { return }
        if index == current, player.isPlaying, (player.position ?? 0) > 0.5 { return }
        reload(index)
    }

    /// The languages the post at `index` has captions in, each with its
    /// name, when there are two or more to choose from (its files, else
    /// the tracks inside its media); empty otherwise.
    package func captionLanguages(at index: Int) -> [(tag: String, name: String)] {
        guard let item = item(at: index) else { return [] }
        let tags = item.captions.isEmpty ? (pool.player(for: index)?.textLanguages ?? []) : item.captions.map(\.language)
        return Self.offeredLanguages(tags)
    }

    /// Of `tags`, each language once with its name, when there are two or more.
    static func offeredLanguages(_ tags: [String?]) -> [(tag: String, name: String)] {
        var seen: Set<String> = []
        let distinct = tags.compactMap { $0 }.filter { seen.insert($0).inserted }
        guard distinct.count >= 2 else { return [] }
        return distinct.map { ($0, VideoPlayer.languageName($0)) }
    }

    /// The user chose captions in `tag` (the Captions menu): from now on,
    /// in every post that has them; the current post shows them now (its
    /// player opens again for a file, picks the track inside its media).
    package func chooseCaptionLanguage(_ tag: String) {
        MainActor.assertIsolated()
        CaptionLanguage.chosen = tag
        guard let item = item(at: current), let player = pool.player(for: current) else { return }
        if item.captions.isEmpty {
            player.chooseCaptionTrack()
        } else {
            reload(current)
        }
        emit(.stateChanged)
    }

    /// Caption tracks of the post at `index`: its player's once it has
    /// one, else the files the feed or its folder names.
    package func captionTracks(at index: Int) -> Int {
        if let player = pool.player(for: index) { return max(player.captionTrackCount, item(at: index)?.captions.count ?? 0) }
        return item(at: index)?.captions.count ?? 0
    }

    /// A cue of the post at `index` at its time: to the view when it is
    /// the current post (the others are prepared, not watched).
    func cueArrived(_ cue: CaptionCue, at index: Int) {
        guard index == current else { return }
        emit(.cue(index: index, cue: cue))
    }
}
