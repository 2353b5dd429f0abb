import FeedGObject
import FeedUI

/// The groups of the shortcuts window, in order, and which actions each
/// lists. Every bound action is in exactly one group (a test checks it).
enum ShortcutGroup: CaseIterable {
    case navigation, playback, view, sources, app

    /// One keyboard-bound action: the feed's or the window's.
    enum Action: Hashable {
        case feed(FeedAction)
        case window(WindowAction)

        /// The name GTK knows it by (`feed.next-page`, `win.reload`, `app.quit`).
        var detailedName: String {
            switch self {
            case .feed(let action): return action.detailedName
            case .window(let action): return action.detailedName
            }
        }

        var title: String {
            switch self {
            case .feed(let action): return action.title
            case .window(let action): return action.title
            }
        }

        var accelerators: [String] {
            switch self {
            case .feed(let action): return action.accelerators
            case .window(let action): return action.accelerators
            }
        }

        /// The action GTK calls `detailedName`, nil for one of no table.
        init?(detailedName: String) {
            let all = FeedAction.allCases.map(Action.feed) + WindowAction.allCases.map(Action.window)
            guard let match = all.first(where: { $0.detailedName == detailedName }) else { return nil }
            self = match
        }
    }

    var title: String {
        switch self {
        case .navigation: return tr("Navigation")
        case .playback: return tr("Playback")
        case .view: return tr("View")
        case .sources: return tr("Sources")
        case .app: return tr("Application")
        }
    }

    /// The actions listed in this group, in order.
    var actions: [Action] {
        switch self {
        case .navigation:
            return [.feed(.nextPage), .feed(.previousPage), .feed(.firstPage), .feed(.lastPage)]
        case .playback:
            return [.feed(.togglePlayback), .feed(.toggleMute), .feed(.seekForward), .feed(.seekBackward),
                    .feed(.stepForward), .feed(.stepBackward), .feed(.faster), .feed(.slower), .feed(.louder), .feed(.quieter),
                    .window(.toggleWhenFinished), .window(.toggleCaptions), .feed(.like), .feed(.copyLink),
                    .feed(.openInBrowser), .feed(.save), .feed(.showFewer), .feed(.whyThisPost)]
        case .view:
            return [.window(.toggleFullscreen), .window(.leaveFullscreen), .window(.toggleContentFit), .window(.reload),
                    .feed(.toggleDiagnostics)]
        case .sources:
            return [.window(.toggleSidebar), .window(.forYou), .window(.addSource), .window(.switchSource), .window(.renameSource),
                    .window(.removeSource), .window(.moveSourceUp), .window(.moveSourceDown)]
        case .app:
            return [.window(.openFolder), .window(.openURL), .window(.shortcuts), .window(.preferences), .window(.quit)]
        }
    }
}
