import FeedGObject
import FlickTooling
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
    /// Loop each post, or play on to the next (`when-finished`).
    case toggleWhenFinished = "toggle-when-finished"
    /// Captions on or off (`show-captions`).
    case toggleCaptions = "toggle-captions"
    /// GTK's conventional name for the shortcuts window's action.
    case shortcuts = "show-help-overlay"
    case preferences
    case about
    case quit
    case stressSlow = "stress-slow"
    case stressFast = "stress-fast"
    case stressBurst = "stress-burst"
    case stressRemount = "stress-remount"
    case toggleSidebar = "toggle-sidebar"
    case addSource = "add-source"
    /// Takes the source's place in the sidebar, from 1 (an `i` parameter).
    case switchSource = "switch-source"
    /// For You, the sidebar's first row (Ctrl+0).
    case forYou = "for-you"
    case renameSource = "rename-source"
    case removeSource = "remove-source"
    case moveSourceUp = "move-source-up"
    case moveSourceDown = "move-source-down"

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
        case .toggleWhenFinished: return ["a"]
        case .toggleCaptions: return ["v"]
        case .shortcuts: return ["<Control>question", "question"]
        case .preferences: return ["<Control>comma"]
        case .about: return []
        case .quit: return ["<Control>q"]
        case .stressSlow, .stressFast, .stressBurst, .stressRemount: return []
        case .toggleSidebar: return ["F9"]
        case .addSource: return ["<Control>n"]
        case .switchSource: return (1...9).map { "<Control>\($0)" }
        case .forYou: return ["<Control>0"]
        case .renameSource: return ["F2"]
        case .removeSource: return ["<Control>Delete"]
        case .moveSourceUp: return ["<Alt>Up"]
        case .moveSourceDown: return ["<Alt>Down"]
        }
    }

    /// The action's parameter type (GVariant type string), nil for none.
    var parameterType: String? { self == .switchSource ? "i" : nil }

    /// Which detailed action each accelerator triggers: `switch-source`'s
    /// n-th key goes with the target n; other actions take all their keys.
    var acceleratorTargets: [(detailedName: String, keys: [String])] {
        guard self == .switchSource else { return [(detailedName, accelerators)] }
        return accelerators.enumerated().map { ("\(detailedName)(\($0.offset + 1))", [$0.element]) }
    }

    /// What the action does, for the shortcuts window.
    var title: String {
        switch self {
        case .openFolder: return tr("Open a folder")
        case .openURL: return tr("Open a feed URL")
        case .reload: return tr("Reload the feed")
        case .toggleFullscreen: return tr("Fullscreen on or off")
        case .leaveFullscreen: return tr("Leave fullscreen")
        case .toggleContentFit: return tr("Fill the page or show all of it")
        case .toggleWhenFinished: return tr("Loop each post or play on to the next")
        case .toggleCaptions: return tr("Captions on or off")
        case .shortcuts: return tr("Keyboard shortcuts")
        case .preferences: return tr("Preferences")
        case .about: return tr("About Flick")
        case .quit: return tr("Quit")
        case .stressSlow: return "Stress: next post every 3 s"
        case .stressFast: return "Stress: next post every 350 ms"
        case .stressBurst: return "Stress: far jumps every 180 ms"
        case .stressRemount: return "Stress: rebuild the feed every 250 ms"
        case .toggleSidebar: return tr("Show or hide the sources")
        case .addSource: return tr("Add a source")
        case .switchSource: return tr("Switch to source 1 to 9")
        case .forYou: return tr("For You: all your sources, mixed")
        case .renameSource: return tr("Rename the source")
        case .removeSource: return tr("Remove the source")
        case .moveSourceUp: return tr("Move the source up")
        case .moveSourceDown: return tr("Move the source down")
        }
    }

    /// The header menu's label (with a mnemonic), nil when not in the menu.
    var menuLabel: String? {
        switch self {
        case .openFolder: return tr("_Open Folder…")
        case .openURL: return tr("Open Feed _URL…")
        case .addSource: return tr("_Add Source…")
        case .shortcuts: return tr("_Keyboard Shortcuts")
        case .preferences: return tr("_Preferences")
        case .about: return tr("_About Flick")
        case .stressSlow: return "_Slow (a post every 3 s)"
        case .stressFast: return "_Fast (every 350 ms)"
        case .stressBurst: return "_Burst (far jumps)"
        case .stressRemount: return "_Remount (rebuild the feed)"
        default: return nil
        }
    }
}

extension WindowAction {
    /// The main menu: its sections top to bottom, and the Stress
    /// submenu's entries (empty when `stress` is false: the submenu is
    /// for developers, ``AppInfo/showsStressMenu``).
    static func mainMenu(stress: Bool) -> (sections: [[WindowAction]], stress: [WindowAction]) {
        ([[.addSource, .openFolder, .openURL], [.shortcuts, .preferences, .about]],
         stress ? [.stressSlow, .stressFast, .stressBurst, .stressRemount] : [])
    }
}
