// Pure: values only, imports Foundation at most.

/// The quality the user asks videos to play at (the `video-quality`
/// setting): as the window and the link allow, as little as stays
/// legible, or no taller than a number of lines.
public enum VideoQuality: Sendable, Hashable, Codable {
    /// The window and the link decide.
    case automatic
    /// The lowest rendition of at least ``VideoQuality/legibleLines`` lines.
    case saver
    /// No rendition taller than this many lines (360, 480, 720, 1080).
    case cap(Int)

    /// The fewest lines a saver still plays: less is not legible.
    public static let legibleLines = 360
    /// The caps the setting offers.
    public static let caps = [360, 480, 720, 1080]

    /// The setting's value (`auto`, `saver`, `360`, `480`, `720`, `1080`);
    /// nil for any other.
    public init?(setting: String) {
        switch setting {
        case "auto": self = .automatic
        case "saver": self = .saver
        default:
            guard let lines = Int(setting), Self.caps.contains(lines) else { return nil }
            self = .cap(lines)
        }
    }

    /// What the setting stores.
    public var setting: String {
        switch self {
        case .automatic: "auto"
        case .saver: "saver"
        case .cap(let lines): "\(lines)"
        }
    }
}
