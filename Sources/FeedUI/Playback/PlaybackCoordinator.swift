import CGLib
import FeedCore
import FeedMedia
import Foundation

/// Drives the player pool from what is on screen: after every landing it
/// asks FeedCore for the preload plan, lets the pool apply it, routes each
/// player's frames to the page of its index and handles failures with
/// FeedCore's retry policy. GTK thread only; owned by `FeedView`.
@MainActor
final class PlaybackCoordinator {
    /// The players: Flick's pool, or the naive baseline's one per page.
    let pool: PlayerProvider
    /// Every player is muted but the current one, and that one too while this is true.
    private(set) var muted: Bool
    /// The user paused the current item; cleared on landing elsewhere.
    private(set) var userPaused = false
    /// Called when `muted` changes (the app persists it).
    var onMutedChange: ((Bool) -> Void)?
    /// Called when whether a video is playing changes (screensaver inhibit).
    var onPlayingChange: ((Bool) -> Void)?
    /// Called when something worth reporting changed.
    var onChange: (() -> Void)?

    private weak var view: FeedView?
    private var current = -1
    /// Microseconds (monotonic) when `current` became current.
    private var becameCurrentAt = 0
    /// The error card the current item shows: its code and whether it
    /// offers Retry; nil while it shows none.
    private(set) var currentError: (code: ErrorCode, retryable: Bool)?
    /// Time to first frame of the current item, once known (ms).
    private(set) var ttffMilliseconds: Double?
    /// Counters for diagnostics (framesCoalesced is read from the players).
    private var counters = PlaybackDiagnostics()
    private var rebuffer = RebufferCounter()
    /// Microseconds (monotonic) when the current rebuffer began.
    private var rebufferStartedAt: Int?
    private var budget = RetryPolicy.Budget.fresh
    /// What the desktop says (network, memory, power, device tier); the
    /// preload plan follows it.
    var conditions = SystemMonitor.Conditions() {
        didSet { conditionsChanged(from: oldValue) }
    }
    /// The user's data-saver setting: planned like a metered link.
    var dataSaver = false {
        didSet { if dataSaver != oldValue { update() } }
    }
    /// Whether a post starts playing when it becomes current.
    var autoplay = true
    /// Whether a video starts again when it ends.
    var loops: Bool {
        get { pool.loops }
        set { pool.loops = newValue }
    }

    /// The network as the plan sees it: data saver counts as metered.
    var networkCondition: NetworkCondition {
        conditions.network == .offline ? .offline : dataSaver ? .dataSaver : conditions.network
    }

    /// The current video's buffer verdict, which the preload plan follows.
    private let bufferWatch = BufferWatch()
    private var retryTimer: MainLoopSource?
    private var wasPlaying = false
    /// The media URI of each player binding, keyed by player id and
    /// generation, so a frame's label comes from the frame itself.
    private var bindingSources: [BindingKey: String] = [:]
    private struct BindingKey: Hashable { let player: Int; let generation: UInt64 }

    /// Where http(s) videos are read through and preloaded to; nil plays
    /// straight from the network.
    let mediaCache: MediaCache?

    /// `engine` `.naive` has no pool and no cache: `mediaCache` is ignored
    /// and each page's player lives while its page is mounted (`radius`).
    init(capacity: Int, muted: Bool, mediaCache: MediaCache?, engine: PlaybackEngine = .flick, radius: Int = 2) {
        switch engine {
        case .flick:
            pool = PlayerPool(capacity: capacity)
            self.mediaCache = mediaCache
        case .naive:
            pool = NaivePlayers(radius: radius)
            self.mediaCache = nil
        }
        self.muted = muted
    }

    /// What a player opens for `item`.
    private func playbackURI(for item: FeedItem) -> String {
        mediaCache?.playbackURI(for: item) ?? item.uri
    }

    func attach(to view: FeedView) {
        self.view = view
        mediaCache?.extras = { [weak view] item in view?.dataSource?.extras(for: item.id) }
        mediaCache?.feedScope = { [weak view] in view?.dataSource?.cacheScope }
        // Said once per cache: the disk is full or failing, videos stream instead.
        mediaCache?.onWriteProblem = { [weak view] text in view?.showToast(text) }
        // Starving or fed again: re-plan (speculative work stops or resumes).
        bufferWatch.onChange = { [weak self] in self?.update() }
    }

    // MARK: Applying the plan

    /// The feed was replaced: players follow their items to their new
    /// indices, and the current item, when it moved, stays current without
    /// counting as a new landing (it keeps playing).
    func remap(_ newIndex: (Int) -> Int?, current newCurrent: Int, keptCurrent: Bool) {
        pool.remap(newIndex)
        if keptCurrent { current = newCurrent }
        bindingSources.removeAll()
    }

    /// Re-plans after the landing page, the mounted pages or the page size changed.
    func update() {
        guard let view else { return }
        let index = view.currentIndex
        let landing = index != current
        if landing { landed(on: index) }
        guard view.count > 0, view.pixelBox.width > 0 else { return }
        let healthy = bufferWatch.state.healthy
        var input = PreloadPolicy.Input(currentIndex: index, count: view.count,
                                        direction: view.direction, velocity: view.releaseVelocity,
                                        bufferHealthy: healthy)
        input.network = networkCondition
        input.memory = conditions.memory
        input.powerSaver = conditions.powerSaver
        input.tier = conditions.tier
        let plan = PreloadPolicy.plan(input)
        pool.apply(plan, uriFor: { [weak self, weak view] i in
            guard let self, let item = view?.item(at: i), item.kind.isPlayed else { return nil }
            return self.playbackURI(for: item)
        }, box: view.pixelBox, fit: view.fit, muted: muted, plays: !userPaused)
        mediaCache?.apply(plan, item: { [weak view] in view?.item(at: $0) }, currentBufferHealthy: healthy)
        wirePlayers()
        // A speculative failure was not reported; the item gets a fresh
        // chance now that it is current.
        if landing, pool.player(for: index)?.state == .error { reload(index) }
        for (i, page) in view.pages where pool.player(for: i) == nil && page.video.framesShown > 0 {
            page.clearVideo()
        }
        for page in view.pages.values { page.setMuted(muted) }
        notePlaying()
        onChange?()
    }

    private func landed(on index: Int) {
        if current >= 0, ttffMilliseconds == nil, currentError == nil, view?.item(at: current)?.kind.isPlayed == true {
            counters.leftBeforeFirstFrame += 1
        }
        current = index
        currentError = nil
        // Without autoplay a post waits on its first frame for play.
        userPaused = !autoplay
        budget = .fresh
        retryTimer?.cancel()
        retryTimer = nil
        becameCurrentAt = Int(g_get_monotonic_time())
        watchBuffer(of: index)
        rebuffer.record(.itemChanged)
        rebufferStartedAt = nil
        // A frame already drawn before the page became current: nothing to wait for.
        ttffMilliseconds = view?.pages[index]?.hasPaintedVideo == true ? 0 : nil
        if ttffMilliseconds != nil {
            counters.ttffSamples.append(0)
            rebuffer.record(.firstFrame)
        }
    }

    private func conditionsChanged(from old: SystemMonitor.Conditions) {
        guard conditions != old else { return }
        if conditions.memory != .normal, old.memory == .normal {
            // Pressure: decoded pictures go now; the plan drops idle players.
            DecodedImageCache.shared.removeAll()
        }
        update()
        if old.network == .offline, conditions.network != .offline, currentError != nil {
            // Back online with an error card up: try again at once.
            let decision = RetryPolicy.decide(RetryPolicy.Input(event: .reconnected, budget: budget, inError: true))
            budget = decision.budget
            if decision.action == .retryNow { reload(current) }
        }
    }

    /// Samples the new current item's buffer when it is a video read over
    /// the network; anything else is healthy by definition.
    private func watchBuffer(of index: Int) {
        guard let item = view?.item(at: index), item.kind.isPlayed, MediaLocation(item.uri).isNetwork else {
            bufferWatch.unwatch()
            return
        }
        bufferWatch.watch { [weak self] in
            guard let self, self.current == index, let player = self.pool.player(for: index) else { return nil }
            return (player, self.mediaCache?.cachedShare(of: item))
        }
    }

    /// Whether the current buffer is healthy (for diagnostics).
    var bufferHealthy: Bool { bufferWatch.state.healthy }

    /// The counters, with the players' coalesced frames added up.
    var diagnostics: PlaybackDiagnostics {
        var result = counters
        result.framesCoalesced = pool.coalescedFrames
        return result
    }

    /// Points every assigned player's frames and events at its index.
    private func wirePlayers() {
        if bindingSources.count > 64 {
            let live = Set(pool.assignments.values.map { BindingKey(player: $0.id, generation: $0.generation) })
            bindingSources = bindingSources.filter { live.contains($0.key) }
        }
        for (index, player) in pool.assignments {
            let generation = player.generation
            // Labelled with the item's own address (the player may read it through the cache).
            if let uri = view?.item(at: index)?.uri { bindingSources[BindingKey(player: player.id, generation: generation)] = uri }
            player.onFrame = { [weak self, weak player] frame in
                guard let self, let player, frame.generation == generation, player.generation == generation,
                      self.pool.player(for: index) === player, let page = self.view?.pages[index] else { return }
                if page.onFirstVideoPaint == nil {
                    // Pages are reused for other indices: ask the page where it is now.
                    page.onFirstVideoPaint = { [weak self, weak page] in
                        guard let page else { return }
                        self?.firstVideoPainted(at: page.index)
                    }
                    page.onFrameSourceChange = { [weak self] in self?.onChange?() }
                }
                page.present(frame, source: self.bindingSources[BindingKey(player: player.id, generation: frame.generation)])
            }
            player.onEvent = { [weak self, weak player] event, eventGeneration in
                guard let self, let player, eventGeneration == generation, player.generation == generation,
                      self.pool.player(for: index) === player else { return }
                self.handle(event, at: index, player: player)
            }
        }
    }

    private func firstVideoPainted(at index: Int) {
        guard index == current, ttffMilliseconds == nil else { return }
        let ttff = TimeToFirstFrame.milliseconds(becameCurrentAt: Double(becameCurrentAt) / 1000,
                                                 firstPaintAt: Double(g_get_monotonic_time()) / 1000)
        ttffMilliseconds = ttff
        counters.ttffSamples.append(ttff)
        rebuffer.record(.firstFrame)
        onChange?()
    }

    // MARK: Events and errors

    private func handle(_ event: PlayerEvent, at index: Int, player: VideoPlayer) {
        switch event {
        case .failed(let code, let message, let status):
            guard index == current else { return } // speculative failures stay quiet
            // What failed, for the log (the card says it in plain words).
            FileHandle.standardError.write(Data("flick: post \(index + 1): \(code.rawValue): \(message)\n".utf8))
            let fromCache = view?.item(at: index).map { CacheURI.parse(playbackURI(for: $0)) != nil } ?? false
            decide(RetryPolicy.Input(event: .failed(code, httpStatus: status), budget: budget,
                                     online: conditions.network != .offline, fromCache: fromCache),
                   code: code, status: status, index: index)
        case .bufferingStarted where index == current:
            rebuffer.record(.bufferingStarted)
            counters.rebuffers = rebuffer.count
            // Waiting before the first frame is startup (TTFF), not a rebuffer.
            if rebufferStartedAt == nil, rebuffer.firstFrameShown { rebufferStartedAt = Int(g_get_monotonic_time()) }
        case .bufferingEnded where index == current:
            rebuffer.record(.bufferingEnded)
            if let started = rebufferStartedAt {
                counters.rebufferMilliseconds += Double(Int(g_get_monotonic_time()) - started) / 1000
                rebufferStartedAt = nil
            }
        case .playing, .paused, .prerolled, .bufferingStarted, .bufferingEnded, .looped, .ended:
            view?.pages[index]?.errorCard.hide()
            if index == current { currentError = nil }
        }
        notePlaying()
        onChange?()
    }

    private func decide(_ input: RetryPolicy.Input, code: ErrorCode, status: Int?, index: Int) {
        let decision = RetryPolicy.decide(input)
        budget = decision.budget
        switch decision.action {
        case .retry(let seconds):
            counters.retries += 1
            scheduleRetry(after: seconds, index: index)
        case .releaseOthersAndRetry(let seconds):
            counters.retries += 1
            pool.releaseOthers(keeping: index)
            scheduleRetry(after: seconds, index: index)
        case .evictAndRetry:
            // The bytes on disk may be wrong: fetch them again, silently.
            counters.retries += 1
            if let item = view?.item(at: index) { mediaCache?.evict(item) }
            reload(index)
        case .retryNow:
            reload(index)
        case .waitForNetwork:
            currentError = (.networkUnavailable, false)
            view?.pages[index]?.errorCard.show(ErrorCode.networkUnavailable.message(httpStatus: nil), retry: nil)
        case .report(let reported):
            let retryable = RetryPolicy.isRetryable(reported, httpStatus: status)
            currentError = (reported, retryable)
            counters.errorsShown += 1
            view?.pages[index]?.errorCard.show(reported.message(httpStatus: status),
                                               retry: retryable ? { [weak self] in self?.retry() } : nil)
        case .nothing:
            break
        }
    }

    private func scheduleRetry(after seconds: Double, index: Int) {
        retryTimer?.cancel()
        let landing = current
        retryTimer = MainLoopSource.after(milliseconds: UInt32(saturatingRounded: seconds * 1000)) { [weak self] in
            guard let self, self.current == landing else { return } // stale: the user moved on
            self.reload(index)
        }
    }

    private func reload(_ index: Int) {
        guard let view, let player = pool.player(for: index), let item = view.item(at: index) else { return }
        view.pages[index]?.errorCard.hide()
        if index == current { currentError = nil }
        player.load(uri: playbackURI(for: item), box: view.pixelBox, fit: view.fit)
        wirePlayers()
        if index == current, !userPaused { player.play() }
    }

    // MARK: Controls

    /// The user's Retry: a fresh budget, at once.
    func retry() {
        let decision = RetryPolicy.decide(RetryPolicy.Input(event: .manualRetry, budget: budget))
        budget = decision.budget
        reload(current)
    }

    func togglePlayback() {
        guard let player = pool.player(for: current) else { return }
        if player.isPlaying { pause() } else { play() }
    }

    func play() {
        userPaused = false
        pool.player(for: current)?.play()
        notePlaying()
        onChange?()
    }

    func pause() {
        userPaused = true
        pool.player(for: current)?.pause()
        notePlaying()
        onChange?()
    }

    func setMuted(_ newValue: Bool) {
        guard newValue != muted else { return }
        muted = newValue
        pool.player(for: current)?.isMuted = newValue
        view?.pages.values.forEach { $0.setMuted(newValue) }
        onMutedChange?(newValue)
        onChange?()
    }

    /// Seeks the current video by `delta` seconds (accurate: a key press is one seek).
    func seek(by delta: Double) {
        guard let player = pool.player(for: current), let position = player.position else { return }
        let duration = player.duration ?? .infinity
        player.seek(to: min(max(0, position + delta), max(0, duration - 0.1)), accurate: true)
    }

    func seek(to seconds: Double) {
        pool.player(for: current)?.seek(to: seconds, accurate: true)
    }

    private func notePlaying() {
        let playing = pool.playingCount > 0
        guard playing != wasPlaying else { return }
        wasPlaying = playing
        onPlayingChange?(playing)
    }

    /// Frees every player (the feed is going away).
    func shutdown() {
        retryTimer?.cancel()
        bufferWatch.stop()
        pool.releaseAll()
    }

}
