/// The view a ``FeedSession`` shows through: the one attached now, what
/// it said in its last push, and whether that view is new (its next push
/// lands afresh and is handed the frames the players already hold).
/// A value owned by the session; GTK thread only.
struct AttachedView {
    /// The attached view; nil while none is.
    weak var observer: FeedSessionObserver?
    /// What the view showed at its last push.
    var input = FeedSession.Input()
    /// The observer changed and has not pushed since.
    var needsReplay = false
}
