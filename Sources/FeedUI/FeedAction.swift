/// Everything the feed widget does on a key, as named actions in the
/// widget's `feed` action group. The shortcuts window lists this same table.
public enum FeedAction: String, CaseIterable, Sendable {
    case nextPage = "next-page"
    case previousPage = "previous-page"
    case firstPage = "first-page"
    case lastPage = "last-page"

    /// The action's name within its group.
    public var name: String { rawValue }
    /// The detailed name to activate it from a widget inside the feed.
    public var detailedName: String { "feed.\(rawValue)" }

    /// Key triggers, in GtkShortcutTrigger syntax. Space is left for play/pause.
    public var accelerators: [String] {
        switch self {
        case .nextPage: return ["Down", "j", "Page_Down"]
        case .previousPage: return ["Up", "k", "Page_Up"]
        case .firstPage: return ["Home"]
        case .lastPage: return ["End"]
        }
    }

    /// What the action does, for the shortcuts window and tooltips.
    public var title: String {
        switch self {
        case .nextPage: return "Next post"
        case .previousPage: return "Previous post"
        case .firstPage: return "First post"
        case .lastPage: return "Last post"
        }
    }
}
