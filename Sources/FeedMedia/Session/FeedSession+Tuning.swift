import FeedCore

/// Speed and volume: the user's choices reach every player the feed holds,
/// so a prepared post starts at the speed chosen. GTK thread only.
extension FeedSession {
    /// Plays at `rate` from now on (this post and the next); false, and
    /// nothing changes, for a rate Flick does not play at.
    @discardableResult
    package func setRate(_ rate: Double) -> Bool {
        MainActor.assertIsolated()
        guard let rate = PlaybackRate.accepted(rate) else { return false }
        guard rate != tuning.rate else { return true }
        tuning.rate = rate
        applyTuning()
        emit(.stateChanged)
        return true
    }

    /// A press held on the video plays it at ``PlaybackRate/held`` until let go.
    package func holdFaster(_ holding: Bool) {
        MainActor.assertIsolated()
        guard holding != tuning.holding else { return }
        tuning.holding = holding
        applyTuning()
        emit(.stateChanged)
    }

    /// Sets the volume (0…1, cubic; clamped). Mute stays as it is.
    package func setVolume(_ volume: Double) {
        MainActor.assertIsolated()
        guard volume.isFinite else { return }
        let level = min(max(volume, 0), 1)
        guard level != tuning.volume else { return }
        tuning.volume = level
        applyTuning()
        emit(.stateChanged)
    }

    /// Every player the feed holds plays at the speed and volume chosen.
    func applyTuning() {
        let rate = tuning.effectiveRate
        for player in pool.assignments.values {
            if player.rate != rate { player.rate = rate }
            // Read back through the cubic conversion, the same level differs in its last bits.
            if abs(player.volume - tuning.volume) > 1e-9 { player.volume = tuning.volume }
        }
    }
}
