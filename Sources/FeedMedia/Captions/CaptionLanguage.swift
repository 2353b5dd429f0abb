import FeedCore

/// The captions language the user chose from a post's Captions menu, for
/// this run: it comes before the desktop's languages when a post's track
/// is picked (FeedCore's ``CaptionChoice``), in every feed. GTK thread only.
@MainActor
public enum CaptionLanguage {
    /// The chosen language tag; nil until one is chosen.
    public static var chosen: String?

    /// The languages a track is picked for, most wanted first.
    static var preferred: [String] {
        (chosen.map { [$0] } ?? []) + VideoPlayer.userLanguages
    }
}
