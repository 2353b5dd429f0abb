import FeedCore

/// GIF-like clips (Mastodon's `gifv`): they loop whatever the loop
/// setting says and never make a sound, as a GIF would. GTK thread only.
extension FeedSession {
    /// Whether the post at `index` is such a clip.
    func isSilentLoop(at index: Int) -> Bool {
        item(at: index).flatMap { extras(for: $0.id)?.silentLoop } ?? false
    }

    /// Each player loops as the setting says, or always for a silent loop.
    func applyLoops() {
        for (index, player) in pool.assignments {
            player.loops = preferences.loops || isSilentLoop(at: index)
        }
    }
}
