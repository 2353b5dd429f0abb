import FeedCore

/// Who a ``FeedView`` tells what: the app's listeners for state and
/// playing, its callbacks for mute, toasts and the diagnostics toggle, and
/// the last state sent (a state equal to it is not sent again). Owned by
/// the GTK thread, by one view.
@MainActor
struct ViewListeners {
    /// Called, in the order added, whenever the view's state changes.
    var state: [(FeedState) -> Void] = []
    /// Called, in the order added, when a video starts or stops playing.
    var playing: [(Bool) -> Void] = []
    /// Called when the user mutes or unmutes (the app saves it).
    var mutedChange: ((Bool) -> Void)?
    /// Called when the user changes the volume (the app saves it).
    var volumeChange: ((Double) -> Void)?
    /// Called when a choice in the view turns captions on (the app saves it).
    var captionsShown: ((Bool) -> Void)?
    /// Called with a short message for a toast (a like that did not save).
    var toast: ((String) -> Void)?
    /// Called when a like of a service's post needs an account on its
    /// server (`HOST[:PORT]`): the app offers to sign in.
    var signInToLike: ((ServiceAddress.Service, String) -> Void)?
    /// Called when Ctrl+Shift+D turns the diagnostics on or off (the app saves it).
    var diagnosticsToggle: ((Bool) -> Void)?
    /// Called while a post is saved, nil once it ended (the app's progress toast).
    var saving: ((SaveProgress?) -> Void)?
    /// Called when the user likes, saves, copies the link of, asks for
    /// fewer like, or asks why they see a post (For You learns from these).
    var postAction: ((PostAction, FeedItem) -> Void)?
    /// The state last sent to `state`.
    var lastState: FeedState?

    /// Sends `state` to the state listeners unless it is the one sent last.
    mutating func report(_ state: FeedState) {
        guard state != lastState else { return }
        lastState = state
        for listener in self.state { listener(state) }
    }

    /// A view let go reports nothing more (its window may show an error page now).
    mutating func removeAll() {
        state.removeAll()
        playing.removeAll()
    }
}
