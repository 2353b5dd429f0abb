import CFlickShim
import CGLib
import CGtk
import FeedCore
import FeedMedia
import Foundation

/// The feed widget: a vertical pager of full-window pages that snaps one
/// page per gesture, for Flick and for any Swift GTK app that embeds it.
///
/// Owned by the GTK thread. Only a window of pages around the current one
/// has widgets (FeedCore's `MountWindow`), so an endless feed costs at most
/// `2 * radius + 1` page widgets. Where to settle after a gesture is
/// FeedCore's `SnapDecision`; this type only carries decisions out.
@MainActor
public final class FeedView {
    /// The widget to put in a window (a FlickContainer).
    public let root: GObjectRef
    /// `root` as a GtkWidget.
    public var widget: WidgetPointer { root.widget }

    /// Called whenever `state` changes.
    public var onStateChange: ((FeedState) -> Void)?

    /// The page the feed is on, or landing on while it animates.
    public internal(set) var currentIndex = 0

    /// Cover crops media to fill the page, contain letterboxes it.
    public var fit: ContentFit {
        didSet { for page in pages.values { page.setFit(fit) } }
    }

    /// The data source; held weakly, as GTK widgets hold their models' owners.
    public internal(set) weak var dataSource: FeedDataSource?

    /// Pages kept mounted on each side of the current one.
    let radius: Int
    /// Which way pages move; fixed for the life of the view.
    public let axis: PagingAxis
    /// Scroll position in pages (index units): fractional while dragging or
    /// animating, equal to `currentIndex` when settled.
    var position = 0.0
    /// Mounted page widgets by feed index.
    var pages: [Int: FeedPage] = [:]
    var mounted: Range<Int> = 0..<0
    /// Allocated size in logical pixels.
    var width: Int32 = 0
    var height: Int32 = 0
    /// One page's length along the paging axis, in pixels.
    var pageLength: Int32 { axis == .vertical ? height : width }

    // Gesture and motion state, used by the +Gestures and +Motion extensions.
    var drag: DragTracker?
    var dragThresholdPassed = false
    var wheel = WheelAccumulator()
    var smoothScrollEnd: MainLoopSource?
    /// A single click waiting to see whether it becomes a double click.
    var pendingClick: MainLoopSource?
    var touchpadScrolling = false
    /// Pixels scrolled since the current touchpad gesture began.
    var pendingPixels = 0.0
    var animation: TickCallback?
    var connections: [SignalConnection] = []
    private var lastState: FeedState?
    /// Which way the feed last moved, for the preload plan.
    var direction: ScrollDirection = .forward
    /// Pages per second at the last gesture's release (0 after key moves).
    var releaseVelocity = 0.0
    /// Runs the player pool from what is on screen.
    let playback: PlaybackCoordinator
    /// Brings remote pictures and posters to disk for the pages: the media
    /// cache (image budget) when there is one, else plain files.
    let remoteImages: RemoteStillSource
    /// Optimistic likes: the heart flips at once, the request follows.
    let likes = LikeController()
    /// Called with a short message for a toast (a like that did not save).
    public var onToast: ((String) -> Void)?
    /// Toasts asked for so far.
    var toastsShown = 0
    private var replanTimer: MainLoopSource?
    /// The diagnostics overlay while it shows (FeedView+Diagnostics).
    var diagnosticsOverlay: DiagnosticsOverlay?
    /// Called when Ctrl+Shift+D turns the diagnostics on or off (the app saves it).
    public var onDiagnosticsToggle: ((Bool) -> Void)?
    /// Times `layout` placed the pages (reported as `feed_layouts`).
    var layoutPasses = 0
    /// What screen readers were last told about the current post (FeedView+Accessibility).
    var announcement: String?
    /// Follows the window's focus while the feed is in one.
    var focusWatch: SignalConnection?

    /// Creates the feed widget over `dataSource`.
    /// - Parameters:
    ///   - radius: pages kept mounted on each side (at most `2 * radius + 1` page widgets).
    ///   - fit: how media fills a page.
    ///   - playerPoolSize: playbins alive at most (1...5).
    ///   - muted: whether videos start muted.
    ///   - imageDirectory: where remote pictures and posters are kept on disk
    ///     (nil: a folder under the user's cache directory).
    ///   - mediaCache: the byte-range cache http(s) videos are read through
    ///     and preloaded to (nil: straight from the network).
    ///   - axis: up-and-down paging (the default) or left-and-right (stories).
    ///   - engine: Flick's pooled playback, or the naive baseline (benchmarks).
    public init(dataSource: FeedDataSource, radius: Int = 2, fit: ContentFit = .cover,
                playerPoolSize: Int = 3, muted: Bool = true, imageDirectory: URL? = nil,
                mediaCache: MediaCache? = nil, axis: PagingAxis = .vertical, engine: PlaybackEngine = .flick) {
        self.axis = axis
        remoteImages = mediaCache ?? RemoteImageFiles(directory: imageDirectory
            ?? URL(fileURLWithPath: String(cString: g_get_user_cache_dir())).appendingPathComponent("flick-feed-images"))
        self.dataSource = dataSource
        self.radius = max(1, radius)
        self.fit = fit
        playback = PlaybackCoordinator(capacity: playerPoolSize, muted: muted, mediaCache: mediaCache,
                                       engine: engine, radius: max(1, radius))
        root = GObjectRef(retaining: flick_container_new())!
        Widget.addClasses(widget, "flick-feed")
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_focusable(widget, 1)
        installLayout()
        installGestures()
        installActions()
        playback.attach(to: self)
        playback.onChange = { [weak self] in self?.reportState() }
        likes.onChange = { [weak self] id, liked, count in
            guard let self else { return }
            for page in self.pages.values where page.item?.id == id { page.likeRail.show(liked: liked, likes: count) }
            self.reportState()
        }
        likes.onFailure = { [weak self] _, message in self?.showToast(message) }
        remount()
    }

    /// Page widgets alive in the process, in every feed view and not yet
    /// freed: what `flick bench` counts as surfaces. Any thread.
    public nonisolated static var pagesAlive: Int { FeedPage.alive.load() }

    /// Pages in the feed now: its items, then skeleton pages while more may come.
    public var count: Int { (dataSource?.count ?? 0) + (dataSource?.placeholderCount ?? 0) }

    /// The feed's own part of `state` (FeedView+Desktop adds the rest).
    var baseState: FeedState {
        let pool = playback.pool
        var state = FeedState(currentIndex: currentIndex,
                         currentID: item(at: currentIndex)?.id,
                         mountedPages: pages.count,
                         itemCount: dataSource?.count ?? 0,
                         skeletonPages: pages.values.filter(\.isSkeleton).count,
                         settled: drag == nil && !isAnimating && position == Double(currentIndex),
                         currentReady: pages[currentIndex]?.isReady ?? false,
                         playersAlive: pool.players.count,
                         playersPrepared: pool.preparedCount,
                         playersPlaying: pool.playingCount,
                         playersUnmuted: pool.unmutedCount,
                         muted: playback.muted,
                         ttffMilliseconds: playback.ttffMilliseconds,
                         currentFrameSource: pages[currentIndex]?.frameSource,
                         currentURI: item(at: currentIndex)?.uri,
                         currentError: (playback.currentError ?? pages[currentIndex]?.stillError)?.code.rawValue,
                         currentErrorRetryable: (playback.currentError ?? pages[currentIndex]?.stillError)?.retryable,
                         currentLiked: item(at: currentIndex).map { likeState(of: $0).liked },
                         currentLikes: item(at: currentIndex).flatMap { likeState(of: $0).likes },
                         toastsShown: toastsShown,
                         likesPending: likes.isBusy)
        state.network = playback.networkCondition
        return state
    }

    /// What the heart of `item` shows: the user's latest choice, else the feed's.
    func likeState(of item: FeedItem) -> (liked: Bool, likes: Int?) {
        let extras = dataSource?.extras(for: item.id)
        return likes.shown(item.id, liked: extras?.liked ?? false, likes: extras?.likes)
    }

    /// Likes or unlikes the current post (optimistically), with the heart burst when liking.
    func toggleLike() {
        guard let item = item(at: currentIndex) else { return }
        let extras = dataSource?.extras(for: item.id)
        let before = likeState(of: item)
        _ = likes.toggle(item.id, likeURL: extras?.likeURL, liked: extras?.liked ?? false, likes: extras?.likes)
        if !before.liked { pages[currentIndex]?.likeRail.playBurst() }
        reportState() // the request is on its way now
    }

    /// The item at `index`, if the feed has one there.
    func item(at index: Int) -> FeedItem? {
        guard let dataSource, index >= 0, index < dataSource.count else { return nil }
        return dataSource.item(at: index)
    }

    /// The page's size in device pixels (what frames and pictures are scaled to).
    var pixelBox: PixelSize {
        let scale = gtk_widget_get_scale_factor(widget)
        return PixelSize(width: Int(width * scale), height: Int(height * scale))
    }

    /// Re-reads the data source after items were appended or replaced. The
    /// current index and scroll position stay where they are when still valid.
    public func reloadData() {
        let count = self.count
        if count == 0 {
            currentIndex = 0
        } else if currentIndex >= count {
            currentIndex = count - 1
            position = Double(currentIndex)
        }
        remount()
        for (index, page) in pages where index < count {
            bind(page, at: index)
        }
        // Pages that just got their items may now get players.
        playback.update()
        reportState()
    }

    /// Binds a page to the item at `index`, or to a skeleton where the item
    /// has not arrived.
    func bind(_ page: FeedPage, at index: Int) {
        if let item = item(at: index) {
            page.bind(item, at: index)
            let like = likeState(of: item)
            page.likeRail.show(liked: like.liked, likes: like.likes)
        } else {
            page.bindSkeleton(at: index, failure: dataSource?.loadMoreFailure) { [weak self] in
                self?.dataSource?.retryLoadMore()
            }
        }
    }

    /// Replaces the feed's items (a reload, another source). What the user
    /// sees is kept by id: if the current item is still there it keeps
    /// playing and the view moves to where it now is (FeedCore's ItemDiff);
    /// pages and players of items that moved follow them.
    public func replaceDataSource(_ newSource: FeedDataSource) {
        let oldIDs = (0..<(dataSource?.count ?? 0)).compactMap { item(at: $0)?.id }
        let newIDs = (0..<newSource.count).map { newSource.item(at: $0).id }
        let diff = ItemDiff.diff(ItemDiff.Input(old: oldIDs, new: newIDs,
                                                currentIndex: oldIDs.isEmpty ? nil : currentIndex))
        var newIndexOfID: [String: Int] = [:]
        for (index, id) in newIDs.enumerated() where newIndexOfID[id] == nil { newIndexOfID[id] = index }
        let mapping: (Int) -> Int? = { old in old < oldIDs.count ? newIndexOfID[oldIDs[old]] : nil }
        let newCurrent = diff.currentIndex ?? 0

        stopAnimation()
        drag = nil
        dataSource = newSource
        playback.remap(mapping, current: newCurrent, keptCurrent: diff.currentKept)
        currentIndex = newCurrent
        position = Double(newCurrent)
        let window = MountWindow.range(current: newCurrent, count: count, radius: radius)
        var kept: [Int: FeedPage] = [:]
        for (old, page) in pages {
            if let target = mapping(old), window.contains(target), kept[target] == nil,
               page.item?.id == newIDs[target] {
                page.move(to: target)
                kept[target] = page
            } else {
                gtk_widget_unparent(page.root.widget)
            }
        }
        pages = kept
        for index in window where pages[index] == nil {
            apply(.mount(index))
        }
        mounted = window
        for (index, page) in pages { bind(page, at: index) }
        gtk_widget_queue_allocate(widget)
        playback.update()
        reportState()
    }

    // MARK: Mounting

    /// Moves the mount window to `currentIndex`: pages leaving it are rebound
    /// to pages entering it, the rest mounted or unmounted.
    func remount() {
        let target = MountWindow.range(current: currentIndex, count: count, radius: radius)
        if target != mounted {
            for operation in MountWindow.operations(from: mounted, to: target) {
                apply(operation)
            }
            mounted = target
            gtk_widget_queue_allocate(widget)
        }
        playback.update()
        reportState()
    }

    func apply(_ operation: MountWindow.Operation) {
        guard let dataSource else { return }
        switch operation {
        case .move(let from, let to):
            guard let page = pages.removeValue(forKey: from) else { return }
            bind(page, at: to)
            pages[to] = page
        case .unmount(let index):
            guard let page = pages.removeValue(forKey: index) else { return }
            gtk_widget_unparent(page.root.widget)
        case .mount(let index):
            let page = FeedPage(fit: fit, remoteImages: remoteImages)
            page.onReady = { [weak self, weak page] in
                guard let self, let page, page.index == self.currentIndex else { return }
                self.reportState()
            }
            page.onStillFailure = page.onReady
            attachPage(page.root.widget)
            wire(page)
            bind(page, at: index)
            pages[index] = page
        }
    }

    func reportState() {
        updateChrome()
        let state = self.state
        guard state != lastState else { return }
        lastState = state
        onStateChange?(state)
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
        if width != self.width || height != self.height {
            // Players scale frames to the page: re-plan once the size settles.
            replanTimer?.cancel()
            let first = self.width == 0
            replanTimer = MainLoopSource.after(milliseconds: first ? 0 : 200) { [weak self] in self?.playback.update() }
        }
        self.width = width
        self.height = height
        layoutPasses += 1
        layoutOverlays(width: width, height: height)
        let scale = gtk_widget_get_scale_factor(widget)
        let box = PixelSize(width: Int(width * scale), height: Int(height * scale))
        for (index, page) in pages {
            let offset = Double(index) - position
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

    /// Stops every player and frees the pool: call when the feed goes away.
    public func shutdown() {
        playback.shutdown()
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
