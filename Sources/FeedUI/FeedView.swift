import CFlickGtkShim
import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import Foundation

/// The feed widget: a vertical pager of full-window pages that snaps one
/// page per gesture, for Flick and for any Swift GTK app that embeds it.
///
/// Owned by the GTK thread. Only a window of pages around the current one
/// has widgets (FeedCore's `MountWindow`), so an endless feed costs at most
/// `2 * radius + 1` page widgets. Where to settle after a gesture is
/// FeedCore's `SnapDecision`; this type only carries decisions out.
///
/// What it shows comes from a ``FeedSession`` (items, players, pictures,
/// likes): the view pushes what is on screen and shows the session's
/// updates; it never touches a player. A session outlives its views.
@MainActor
public final class FeedView: FeedSessionObserver {
    /// The widget to put in a window (a FlickContainer).
    public let root: GObjectRef
    /// `root` as a GtkWidget.
    public var widget: WidgetPointer { root.widget }

    /// Who the view tells what: listeners and callbacks.
    var listeners = ViewListeners()

    /// The page the feed is on, or landing on while it animates.
    public internal(set) var currentIndex = 0

    /// How media fills the pages: auto covers where little is cut off and
    /// shows the post whole elsewhere; cover always crops, contain never.
    /// A change lays every page out again and rescales the players at once.
    public var fit: FitChoice {
        didSet {
            guard fit != oldValue else { return }
            for page in pages.values { page.setFit(fit) }
            pushInput()
        }
    }

    /// The fit the current page shows its post with (nil with no page).
    public var effectiveFit: ContentFit? { pages[currentIndex]?.effectiveFit }

    /// What the view shows: the feed's items and their playback. The view
    /// acts on it by commands (``FeedSession/send(_:)``) and reads it
    /// through ``seen``; nothing of it is passed on.
    let session: FeedSession
    /// The session as last read, and whether this view is still the one attached.
    var link = SessionLink()
    /// The view made its session (the convenience init) and ends it on shutdown.
    private let ownsSession: Bool

    /// Pages kept mounted on each side of the current one.
    let radius: Int
    /// Which way pages move; fixed for the life of the view.
    public let axis: PagingAxis
    /// Where the pages are and how they last moved (FeedView+Motion).
    var motion = PagerMotion()
    /// Mounted page widgets by feed index.
    var pages: [Int: FeedPage] = [:]
    var mounted: Range<Int> = 0..<0
    /// False until the view's first paint: a new view mounts its current
    /// page only, so that paint (the post's frame, on a remount) costs one
    /// page's build, layout and text; the pages beside it follow at once.
    var neighboursMounted = false
    /// Allocated size in logical pixels.
    var allocated: (width: Int32, height: Int32) = (0, 0)
    /// One page's length along the paging axis, in pixels.
    var pageLength: Int32 { axis == .vertical ? allocated.height : allocated.width }

    /// The pointer gestures in flight (FeedView+Gestures).
    var pointer = PointerState()
    var connections: [SignalConnection] = []
    private var replanTimer: MainLoopSource?
    /// What the view shows and counts around its pages (overlay, announcement, focus, toasts).
    var chrome = ViewChrome()

    /// Called when the user mutes or unmutes (the app saves it).
    public var onMutedChange: ((Bool) -> Void)? {
        get { listeners.mutedChange }
        set { listeners.mutedChange = newValue }
    }
    /// Called with a short message for a toast (a like that did not save).
    public var onToast: ((String) -> Void)? {
        get { listeners.toast }
        set { listeners.toast = newValue }
    }
    /// Called when a like of a service's post needs an account on its
    /// server (`HOST[:PORT]`): the app offers to sign in.
    public var onSignInToLike: ((ServiceAddress.Service, String) -> Void)? {
        get { listeners.signInToLike }
        set { listeners.signInToLike = newValue }
    }
    /// Called when Ctrl+Shift+D turns the diagnostics on or off (the app saves it).
    public var onDiagnosticsToggle: ((Bool) -> Void)? {
        get { listeners.diagnosticsToggle }
        set { listeners.diagnosticsToggle = newValue }
    }

    /// Creates the feed widget over `session`, on the page the session is on.
    /// - Parameters:
    ///   - radius: pages kept mounted on each side (at most `2 * radius + 1`
    ///     page widgets); the session's naive engine must be made with the same.
    ///   - fit: how media fills a page.
    ///   - axis: up-and-down paging (the default) or left-and-right (stories).
    public convenience init(session: FeedSession, radius: Int = 2, fit: FitChoice = .auto, axis: PagingAxis = .vertical) {
        self.init(session: session, owned: false, radius: radius, fit: fit, axis: axis)
    }

    /// Creates the feed widget over `items` with a session of its own,
    /// ended by `shutdown()`, on `media` (default: an engine without a
    /// media cache); the other parameters are the session's.
    public convenience init(items: [FeedItem], media: MediaEngine? = nil, radius: Int = 2, fit: FitChoice = .auto,
                            playerPoolSize: Int = 3, muted: Bool = true, axis: PagingAxis = .vertical) {
        let session = FeedSession(source: ArrayFeedSource(items), media: media ?? MediaEngine(),
                                  playerPoolSize: playerPoolSize, muted: muted)
        self.init(session: session, owned: true, radius: radius, fit: fit, axis: axis)
        session.start()
    }

    private init(session: FeedSession, owned: Bool, radius: Int, fit: FitChoice, axis: PagingAxis) {
        self.axis = axis
        self.session = session
        ownsSession = owned
        self.radius = max(1, radius)
        self.fit = fit
        let first = session.snapshot()
        link.lastSeen = first
        currentIndex = first.count == 0 ? 0 : min(max(0, first.current), first.count - 1)
        motion.position = Double(currentIndex)
        root = GObjectRef(retaining: flick_container_new())!
        Widget.addClasses(widget, "flick-feed")
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_focusable(widget, 1)
        installLayout()
        installGestures()
        installActions()
        session.attach(self)
        StallWatch.running("feed view built") { remount() }
        AfterPaint.once(widget) { [weak self] in
            guard let self else { return }
            self.neighboursMounted = true
            StallWatch.running("feed view neighbours") { self.remount() }
        }
    }

    /// Calls `listener` whenever `state` changes, after the ones added before.
    public func addStateListener(_ listener: @escaping (FeedState) -> Void) {
        listeners.state.append(listener)
    }

    /// Calls `listener` when a video starts or stops playing (e.g. to
    /// inhibit the screensaver), after the ones added before.
    public func addPlayingListener(_ listener: @escaping (Bool) -> Void) {
        listeners.playing.append(listener)
    }

    /// Page widgets alive in the process, in every feed view and not yet
    /// freed: what `flick bench` counts as surfaces. Any thread.
    public nonisolated static var pagesAlive: Int { FeedPage.alive.load() }

    /// A phone's portrait page in logical pixels: the app window's size on
    /// first start, and the bench's windows and yardsticks.
    public nonisolated static let portraitWidth: Int32 = 420
    public nonisolated static let portraitHeight: Int32 = 760

    /// Pages in the feed now: its items, then skeleton pages while more may come.
    public var count: Int { seen.count }

    /// The feed's own part of `state` (FeedView+Desktop adds the rest).
    var baseState: FeedState {
        let seen = self.seen
        let reading = seen.diagnostics
        let players = reading.players
        let error = reading.errorCode.map { (code: $0, retryable: reading.errorRetryable) } ?? pages[currentIndex]?.stillError
        var state = FeedState(currentIndex: currentIndex,
                         currentID: item(at: currentIndex)?.id,
                         mountedPages: pages.count,
                         itemCount: seen.items.count,
                         skeletonPages: pages.values.filter(\.isSkeleton).count,
                         settled: isSettled,
                         currentReady: pages[currentIndex]?.isReady ?? false,
                         playersAlive: players.alive,
                         playersPrepared: players.prepared,
                         playersPlaying: players.playing,
                         playersUnmuted: players.unmuted,
                         muted: seen.muted,
                         ttffMilliseconds: reading.ttffMilliseconds,
                         currentFrameSource: pages[currentIndex]?.frameSource,
                         currentURI: item(at: currentIndex)?.uri,
                         currentError: error?.code.rawValue,
                         currentErrorRetryable: error?.retryable,
                         currentLiked: item(at: currentIndex).map { seen.likeState(of: $0).liked },
                         currentLikes: item(at: currentIndex).flatMap { seen.likeState(of: $0).likes },
                         toastsShown: chrome.toastsShown,
                         likesPending: reading.likesPending)
        state.network = reading.network
        state.decoder = reading.decoder
        state.postTimerSeconds = countdown(at: currentIndex)?.seconds
        state.rate = seen.tuning.effectiveRate
        state.volume = (seen.tuning.volume * 100).rounded() / 100
        state.holdingFaster = seen.tuning.holding && (pages[currentIndex]?.sound.showsSpeed ?? false)
        state.volumeSlider = pages[currentIndex]?.sound.showsSlider ?? false
        state.captionTracks = seen.shown.index == currentIndex ? seen.shown.captionTracks : (item(at: currentIndex)?.captions.count ?? 0)
        state.captionText = pages[currentIndex]?.cue.shownText ?? ""
        state.captionLanguages = pages[currentIndex]?.likeRail.listedLanguages ?? []
        state.currentLikedByServer = item(at: currentIndex).flatMap { seen.likedByServer($0) }
        state.currentRendition = reading.currentRendition
        state.renditionsFetched = reading.renditionsFetched
        state.renditionsListed = pages[currentIndex]?.likeRail.listedQualities ?? []
        return state
    }

    /// Likes or unlikes the current post (optimistically); a like plays
    /// the heart burst (``FeedSession/Update/likeToggled(itemID:liked:)``).
    func toggleLike() {
        guard let item = item(at: currentIndex) else { return }
        if !seen.likeState(of: item).liked { listeners.postAction?(.like, item) }
        send(.toggleLike(item))
    }

    /// The item at `index`, if the feed has one there.
    func item(at index: Int) -> FeedItem? { seen.item(at: index) }

    /// Tells the session what the view shows now; it re-plans from it.
    func pushInput() {
        link.lastSeen = nil
        defer { link.lastSeen = nil }
        session.push(FeedSession.Input(currentIndex: currentIndex, direction: motion.direction,
                                       releaseVelocity: motion.releaseVelocity, pixelBox: pixelBox, fit: fit.decodeFit,
                                       currentFramePainted: pages[currentIndex]?.hasPaintedVideo ?? false),
                     from: self)
    }

    /// The page's size in device pixels (what frames and pictures are scaled to).
    public var pixelBox: PixelSize {
        let scale = gtk_widget_get_scale_factor(widget)
        return PixelSize(width: Int(allocated.width * scale), height: Int(allocated.height * scale))
    }

    /// Binds a page to the item at `index`, or to a skeleton where the item
    /// has not arrived.
    func bind(_ page: FeedPage, at index: Int) {
        if let item = item(at: index) {
            page.bind(item, at: index)
            let like = seen.likeState(of: item)
            page.likeRail.show(liked: like.liked, likes: like.likes)
            let local = if case .localFile = seen.shareTarget(of: item) { true } else { false }
            page.likeRail.showOpens(localFile: local)
            refreshRailMenu(at: index, page: page)
            coverIfSensitive(page)
            page.scrubber.showCountdown(countdown(at: index))
        } else {
            page.setSensitive(covered: false, reason: nil) {}
            page.bindSkeleton(at: index, failure: seen.loadMoreFailure) { [weak self] in
                self?.send(.retryLoadMore)
            }
        }
    }

    // MARK: Mounting

    /// Moves the mount window to `currentIndex`: pages leaving it are rebound
    /// to pages entering it, the rest mounted or unmounted.
    func remount() {
        let target = MountWindow.range(current: currentIndex, count: count, radius: neighboursMounted ? radius : 0)
        if target != mounted {
            for operation in MountWindow.operations(from: mounted, to: target) {
                apply(operation)
            }
            mounted = target
            gtk_widget_queue_allocate(widget)
        }
        pushInput()
        reportState()
    }

    func apply(_ operation: MountWindow.Operation) {
        switch operation {
        case .move(let from, let to):
            guard let page = pages.removeValue(forKey: from) else { return }
            // Filed under its index before it binds: a still the session
            // has decoded already is answered during the bind, to pages[to].
            pages[to] = page
            bind(page, at: to)
            showHeldFrame(on: page, at: to)
        case .unmount(let index):
            guard let page = pages.removeValue(forKey: index) else { return }
            page.releaseStill()
            gtk_widget_unparent(page.root.widget)
        case .mount(let index):
            let page = FeedPage(fit: fit, host: self)
            page.cue.enabled = chrome.showsCaptions
            page.setMuted(seen.muted)
            attachPage(page.root.widget)
            wire(page)
            pages[index] = page
            bind(page, at: index)
            showHeldFrame(on: page, at: index)
        }
    }

    /// A page bound after its player's frames came (a paused, prepared
    /// player sends no more) shows the last one at once.
    private func showHeldFrame(on page: FeedPage, at index: Int) {
        guard let held = session.snapshot(.heldFrames).heldFrame(at: index) else { return }
        page.present(held.frame, source: held.source)
    }

    func reportState() {
        updateChrome()
        listeners.report(state)
    }

    // MARK: Layout

    private func installLayout() {
        let context = Unmanaged.passRetained(WeakFeedView(self)).toOpaque()
        flick_container_set_handlers(widget.rawGObject, { _, orientation, _, minimum, natural, _ in
            minimum?.pointee = 0
            natural?.pointee = orientation == Int32(GTK_ORIENTATION_HORIZONTAL.rawValue) ? 360 : 640
        }, { _, width, height, _, data in
            guard let data else { return }
            let weak = Unmanaged<WeakFeedView>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { weak.view?.layout(width: width, height: height) }
        }, context, { data in
            guard let data else { return }
            Unmanaged<WeakFeedView>.fromOpaque(data).release()
        })
    }

    /// Places every mounted page at its offset from the scroll position;
    /// pages entirely outside the viewport are not drawn.
    func layout(width: Int32, height: Int32) {
        StallWatch.running("feed layout") { place(width: width, height: height) }
    }

    private func place(width: Int32, height: Int32) {
        if width != allocated.width || height != allocated.height {
            // Players scale frames to the page: re-plan once the size settles.
            replanTimer?.cancel()
            let first = allocated.width == 0
            replanTimer = MainLoopSource.after(milliseconds: first ? 0 : 200) { [weak self] in self?.pushInput() }
        }
        allocated = (width, height)
        chrome.layoutPasses += 1
        layoutOverlays(width: width, height: height)
        let scale = gtk_widget_get_scale_factor(widget)
        let box = PixelSize(width: Int(width * scale), height: Int(height * scale))
        for (index, page) in pages {
            let offset = Double(index) - motion.position
            var point = axis == .vertical ? graphene_point_t(x: 0, y: Float(offset * Double(height)))
                                          : graphene_point_t(x: Float(offset * Double(width)), y: 0)
            let transform = gsk_transform_translate(nil, &point)
            gtk_widget_set_child_visible(page.root.widget, abs(offset) < 1 ? 1 : 0)
            // Size first: a picture it already holds is set at once, and the
            // allocation below must come after that change, not before it.
            page.setBox(box)
            gtk_widget_allocate(page.root.widget, width, height, -1, transform)
        }
    }

    /// The view goes away: it stops showing the session, which keeps its
    /// players for the next view (or, when the view made it, ends).
    public func shutdown() {
        // A view let go reports nothing more (its window may show an error page now).
        listeners.removeAll()
        link.attached = false
        session.detach(self)
        if ownsSession { session.shutdown() }
    }

    deinit {
        // The container's dispose unparents the page widgets; the handlers'
        // context is released by its destroy notify.
    }
}

/// Lets C callbacks reach the view without keeping it alive.
final class WeakFeedView {
    weak var view: FeedView?
    init(_ view: FeedView) { self.view = view }
}
