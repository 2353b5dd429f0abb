/// One caption cue from a player's text branch: its text as GStreamer gave
/// it (at most ``maxBytes`` of it; Pango markup when `markup`), and how
/// long it shows, in media seconds (nil when the stream does not say).
public struct CaptionCue: Sendable, Equatable {
    public let text: String
    public let markup: Bool
    public let duration: Double?

    /// The most bytes of one cue read from its buffer.
    static let maxBytes = 16 * 1024

    public init(text: String, markup: Bool, duration: Double?) {
        self.text = text
        self.markup = markup
        self.duration = duration
    }
}
