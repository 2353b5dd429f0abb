import CGLib
import FeedCore

/// Applying the preload plan: after every push the session asks FeedCore
/// for the plan, lets the pool and the cache carry it out and routes each
/// player's frames and events to the index it serves. GTK thread only.
extension FeedSession {
    /// What a player opens for `item`: its cache URI, or the item's own.
    func playbackURI(for item: FeedItem) -> String {
        feed.cacheFeed?.playbackURI(for: item) ?? item.uri
    }

    /// Re-plans from the last input (a push, a buffer verdict, new items).
    func update() {
        StallWatch.running("session update") { plan() }
    }

    private func plan() {
        let index = view.input.currentIndex
        let landing = index != current
        if landing { landed(on: index) }
        feed.paginate(landedAt: index)
        // Before the new view's first layout, so its first paint shows them.
        if view.needsReplay { replayFrames() }
        guard count > 0, view.input.pixelBox.width > 0 else { return }
        let healthy = health.bufferWatch.state.healthy
        var plan = PreloadPolicy.Input(currentIndex: index, count: count, direction: view.input.direction,
                                       velocity: view.input.releaseVelocity, bufferHealthy: healthy)
        plan.network = networkCondition
        plan.memory = preferences.conditions.memory
        plan.powerSaver = preferences.conditions.powerSaver
        plan.tier = preferences.conditions.tier
        plan.visibility = preferences.conditions.visibility
        let decided = PreloadPolicy.plan(plan)
        let served = Set(pool.assignments.keys)
        // A sensitive post held back, or one still without its details, is
        // neither prepared nor preloaded.
        pool.apply(decided, uriFor: { [weak self] i in
            guard let self, let item = self.item(at: i), item.kind.isPlayed, self.isPlayable(item) else { return nil }
            return self.playbackURI(for: item)
        }, captionFor: { [weak self] i in self?.captionFile(at: i) }, box: view.input.pixelBox, fit: view.input.fit, muted: muted || isSilentLoop(at: index),
           plays: !userPaused && plan.visibility == .visible)
        // Hidden long: every player goes (NULL); the feed, its place and the cache stay.
        if plan.visibility == .resting { pool.releaseAll() }
        // A hidden window shows no animated picture either.
        apply(stills.pauseAnimation(plan.visibility != .visible))
        applyLoops()
        applyTuning()
        feed.cacheFeed?.apply(decided, item: { [weak self] i in
            guard let self, let item = self.item(at: i), self.isPlayable(item) else { return nil }
            return item
        }, currentBufferHealthy: healthy)
        feed.fetchDetails(for: decided)
        wirePlayers()
        applyReaders()
        // A speculative failure was not reported; the item gets a fresh
        // chance now that it is current.
        if landing, pool.player(for: index)?.state == .error { reload(index) }
        if landing { reportDetailsFailure(at: index) }
        for gone in served.subtracting(pool.assignments.keys) {
            wiring.released(gone)
            emit(.videoReleased(index: gone))
        }
        applyPostTimer()
        emitPlayingIfChanged()
        emit(.stateChanged)
    }

    /// A new view: the frames the players hold go to its pages now, so a
    /// prepared post shows its frame without waiting for the next one. (A
    /// new view lands afresh, so a failed current post is opened again
    /// and its error, if it fails again, reaches the new view.)
    private func replayFrames() {
        view.needsReplay = false
        for index in wiring.framedIndices {
            guard let held = heldFrame(at: index) else { continue }
            emit(.frame(index: index, frame: held.frame, source: held.source))
        }
    }

    /// The last frame of the player serving `index`, and the media URI of
    /// its binding: what a page mounted for `index` after the player's
    /// frames came shows at once (a paused, prepared player sends no more).
    package func heldFrame(at index: Int) -> (frame: VideoFrame, source: String?)? {
        wiring.heldFrame(at: index)
    }

    func landed(on index: Int) {
        // A frame already drawn before the page became current: nothing to wait for.
        health.landed(leftPlayedItemUnseen: current >= 0 && item(at: current)?.kind.isPlayed == true,
                      framePainted: view.input.currentFramePainted)
        current = index
        // Without autoplay a post waits on its first frame for play.
        userPaused = !preferences.autoplay
        watchBuffer(of: index)
    }

    /// The attached view painted the first video frame of the page at
    /// `index` (a view sends this only while attached: a torn-down view's
    /// pages may still paint once).
    package func framePainted(at index: Int) {
        MainActor.assertIsolated()
        guard view.observer != nil, index == current, health.firstFramePainted() else { return }
        emit(.stateChanged)
    }

    /// The network as the plan sees it and the quality setting, to every player's rendition choice.
    func applyRenditionRules() {
        pool.setRenditions(network: networkCondition, quality: preferences.videoQuality)
    }

    func preferencesChanged(from old: Preferences) {
        guard preferences != old else { return }
        // The view and the app read the preferences from the snapshot: tell them.
        defer { emit(.stateChanged) }
        if preferences.whenFinished != old.whenFinished {
            pool.loops = preferences.loops
            applyLoops()
        }
        if preferences.whenFinished != old.whenFinished || preferences.photoSeconds != old.photoSeconds {
            applyPostTimer()
        }
        if preferences.showsSensitive != old.showsSensitive {
            sensitive.showsAll = preferences.showsSensitive
            emit(.sensitiveChanged)
            update()
        }
        if preferences.videoQuality != old.videoQuality || preferences.dataSaver != old.dataSaver
            || preferences.conditions.network != old.conditions.network {
            applyRenditionRules()
        }
        let conditions = preferences.conditions
        if PlanConditions.dropsDecodedPictures(from: old.conditions.memory, to: conditions.memory) {
            // Pressure: decoded pictures go now; the plan drops idle players.
            stills.pictures.decoded.removeAll()
        }
        guard conditions != old.conditions || preferences.dataSaver != old.dataSaver else { return }
        update()
        if old.conditions.network == .offline, conditions.network != .offline, health.currentError != nil {
            // Back online with an error card up: try again at once.
            let decision = health.decide(RetryPolicy.Input(event: .reconnected, inError: true))
            if decision.action == .retryNow { reload(current) }
        }
    }

    /// Samples the new current item's buffer when it is a video read over
    /// the network; anything else is healthy by definition.
    private func watchBuffer(of index: Int) {
        guard let item = item(at: index), item.kind.isPlayed, MediaLocation(item.uri).isNetwork else {
            apply(health.bufferWatch.unwatch())
            return
        }
        health.bufferWatch.watch { [weak self] in
            guard let self, self.current == index, let player = self.pool.player(for: index) else { return nil }
            return (player, self.feed.cacheFeed?.cachedShare(of: item))
        }
    }

    /// Points each player's frames and events at the index it serves;
    /// only players whose index or binding changed are wired again.
    func wirePlayers() {
        // Labelled with the item's own address (the player may read it through the cache).
        wiring.wire(uri: { [weak self] index in self?.item(at: index)?.uri })
    }

    /// Tells the cache who reads each player's file: the current post's
    /// player fetches what it misses, a prepared one reads only the disk
    /// until its post is current (FeedCore's ``CacheReader``).
    func applyReaders() {
        guard let cacheFeed = feed.cacheFeed else { return }
        cacheFeed.setReaders(pool.assignments.compactMap { index, player in
            item(at: index).map { (item: $0, isCurrent: index == current, state: player.state) }
        })
    }

    func emitPlayingIfChanged() {
        let playing = pool.playingCount > 0
        guard playing != wasPlaying else { return }
        wasPlaying = playing
        emit(.playing(playing))
    }
}
