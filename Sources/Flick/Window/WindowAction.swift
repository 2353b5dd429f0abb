/// The actions of the window and the app around the feed (the feed's own
/// keys are FeedUI's `FeedAction`). One table gives each its name, its
/// keys and its title: the bindings, the header menu and the shortcuts
/// window all read it, so what the shortcuts window lists is what is bound.
enum WindowAction: String, CaseIterable {
    case openFolder = "open-folder"
    case openURL = "open-url"
    case reload
    case toggleFullscreen = "toggle-fullscreen"
    /// Only enabled while fullscreen, so Escape is free otherwise.
    case leaveFullscreen = "leave-fullscreen"
    case toggleContentFit = "toggle-content-fit"
    /// GTK's conventional name for the shortcuts window's action.
    case shortcuts = "show-help-overlay"
    case preferences
    case about
    case quit
    case stressSlow = "stress-slow"
    case stressFast = "stress-fast"
    case stressBurst = "stress-burst"
    case stressRemount = "stress-remount"

    /// The stress mode a Stress menu entry starts, nil for other actions.
    var stressMode: StressMode? {
        switch self {
        case .stressSlow: return .slow
        case .stressFast: return .fast
        case .stressBurst: return .burst
        case .stressRemount: return .remount
        default: return nil
        }
    }

    /// Which action group holds the action.
    enum Scope: String {
        /// `app.…`: works from any window of the app.
        case app
        /// `win.…`: the main window's.
        case window = "win"
    }

    var scope: Scope {
        switch self {
        case .preferences, .about, .quit: return .app
        default: return .window
        }
    }

    /// The action's name within its group.
    var name: String { rawValue }
    /// `app.NAME` or `win.NAME`, for menus and accelerators.
    var detailedName: String { "\(scope.rawValue).\(rawValue)" }

    /// Key triggers in GTK accelerator syntax. Single keys without a
    /// modifier are window actions only: they must never fire in the
    /// preferences or a dialog where text is typed.
    var accelerators: [String] {
        switch self {
        case .openFolder: return ["<Control>o"]
        case .openURL: return ["<Control>l"]
        case .reload: return ["<Control>r"]
        case .toggleFullscreen: return ["f", "F11"]
        case .leaveFullscreen: return ["Escape"]
        case .toggleContentFit: return ["c"]
        case .shortcuts: return ["<Control>question", "question"]
        case .preferences: return ["<Control>comma"]
        case .about: return []
        case .quit: return ["<Control>q"]
        case .stressSlow, .stressFast, .stressBurst, .stressRemount: return []
        }
    }

    /// What the action does, for the shortcuts window.
    var title: String {
        switch self {
        case .openFolder: return "Open a folder"
        case .openURL: return "Open a feed URL"
        case .reload: return "Reload the feed"
        case .toggleFullscreen: return "Fullscreen on or off"
        case .leaveFullscreen: return "Leave fullscreen"
        case .toggleContentFit: return "Fill the page or show all of it"
        case .shortcuts: return "Keyboard shortcuts"
        case .preferences: return "Preferences"
        case .about: return "About Flick"
        case .quit: return "Quit"
        case .stressSlow: return "Stress: next post every 3 s"
        case .stressFast: return "Stress: next post every 350 ms"
        case .stressBurst: return "Stress: far jumps every 180 ms"
        case .stressRemount: return "Stress: rebuild the feed every 250 ms"
        }
    }

    /// The header menu's label (with a mnemonic), nil when not in the menu.
    var menuLabel: String? {
        switch self {
        case .openFolder: return "_Open Folder…"
        case .openURL: return "Open Feed _URL…"
        case .shortcuts: return "_Keyboard Shortcuts"
        case .preferences: return "_Preferences"
        case .about: return "_About Flick"
        case .stressSlow: return "_Slow (a post every 3 s)"
        case .stressFast: return "_Fast (every 350 ms)"
        case .stressBurst: return "_Burst (far jumps)"
        case .stressRemount: return "_Remount (rebuild the feed)"
        default: return nil
        }
    }
}
