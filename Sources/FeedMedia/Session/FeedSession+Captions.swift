import FeedCore

/// Captions: the file a player plays beside a post (its sidecar in the
/// user's language), the cues of the current post to the view, and how
/// many tracks it has. Remote captions files are not fetched yet: only
/// files of this computer play beside a post. GTK thread only.
extension FeedSession {
    /// The captions file played beside the post at `index`: of its files
    /// on this computer, the one in the user's language.
    func captionFile(at index: Int) -> String? {
        guard let item = item(at: index) else { return nil }
        let local = item.captions.filter { MediaLocation($0.uri) == .file }
        guard let pick = CaptionChoice.pick(local.map(\.language), preferred: VideoPlayer.userLanguages) else { return nil }
        return local[pick].uri
    }

    /// Caption tracks of the post at `index`: its player's once it has
    /// one, else the files the feed or its folder names.
    public func captionTracks(at index: Int) -> Int {
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
