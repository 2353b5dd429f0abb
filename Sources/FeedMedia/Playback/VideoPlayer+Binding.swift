import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation

/// Binding a player to an item and leaving it: the gates a binding waits
/// for (the last reset, the cache's length, the local file check), the
/// open, the preroll timeout and the stall probe, and a failure's report.
/// GTK thread only.
extension VideoPlayer {
    /// Binds the player to a new item: READY (off the GTK thread, see
    /// `Playbin.reset`), set the URI, size frames for `box` with `fit`, then
    /// PAUSED to preroll the first frame. Frames are
    /// scaled to `fit.decodeSize(stream, box)` in the pipeline and cover
    /// frames are handed over cropped to the box, so no frame is larger
    /// than `box`. Returns the new generation.
    /// `caption` is a captions file (`file://`) played beside the media.
    @discardableResult
    public func load(uri: String, box: PixelSize, fit: ContentFit, caption: String? = nil) -> UInt64 {
        StallWatch.running("player load") { bind(uri: uri, box: box, fit: fit, caption: caption) }
    }

    private func bind(uri: String, box: PixelSize, fit: ContentFit, caption: String?) -> UInt64 {
        let generation = rebind()
        guard let playbin else { return generation }
        binding.caption = caption
        decoderWatch.restart()
        playbin.rendition.restart(uri: uri, page: box, fit: fit)
        playbin.segments.restart(uri: uri)
        self.uri = uri
        self.box = box
        self.fit = fit
        move(.bind)
        move(.prepare)
        binding.pendingOpen = uri
        binding.openGate = CacheOpenGate.wait(for: uri) { [weak self] failure in
            guard let self, self.generation == generation else { return }
            self.binding.openGate = nil
            if let failure {
                self.fail(PlayerFailure(code: failure.code, message: failure.message, httpStatus: failure.httpStatus))
            } else {
                self.openIfAllowed()
            }
        }
        binding.fileGate = LocalFileGate.wait(for: uri, on: playbin) { [weak self] failure in
            guard let self, self.generation == generation else { return }
            self.binding.fileGate = nil
            if let failure { self.fail(failure) } else { self.openIfAllowed() }
        }
        openIfAllowed()
        binding.prerollTimer = MainLoopSource.after(milliseconds: Self.prerollTimeoutMilliseconds) { [weak self] in
            guard let self, self.generation == generation, !self.prerolled, !self.failed else { return }
            self.fail(PlayerFailure(code: .timeout, message: "The video did not start in time", httpStatus: nil))
        }
        if LocalStallProbe.applies(to: uri) {
            // A local file that has not prerolled by now may have lost its
            // error (see LocalStallProbe): ask. Nothing wrong found: a busy
            // machine; the preroll timeout above still stands.
            binding.stallTimer = MainLoopSource.after(milliseconds: LocalStallProbe.deadlineMilliseconds) { [weak self] in
                guard let self, self.generation == generation, !self.prerolled, !self.failed else { return }
                self.binding.stallProbe = LocalStallProbe(uri: uri) { [weak self] found in
                    guard let self, self.generation == generation, !self.prerolled, !self.failed else { return }
                    self.binding.stallProbe = nil
                    if let found { self.fail(found) }
                }
            }
        }
        return generation
    }

    /// The same binding opens once more (the software fallback): from NULL,
    /// as after any failure, so that no element of the failed chain stays.
    func openAgain() {
        guard let playbin, let uri else { return }
        binding.pendingOpen = uri
        playbin.reset(to: GST_STATE_NULL) { [weak self] in self?.openIfAllowed() }
    }

    /// Opens the bound URI once the last binding's reset is done and the
    /// cache's gate is open: flags and frame size of this binding, its
    /// frames accepted, then PAUSED (off the GTK thread) to preroll the
    /// first frame.
    func openIfAllowed() {
        guard let playbin, let uri = binding.pendingOpen, binding.openGate == nil, binding.fileGate == nil, !playbin.isResetting else { return }
        binding.pendingOpen = nil
        playbin.setVisualising(false)
        playbin.scale.set(box: box, fit: fit)
        mailbox.accept(generation)
        network.restart()
        decoderWatch.forgetDecoder()
        playbin.captions.expect(binding.caption)
        if let caption = binding.caption {
            flick_object_set_string(playbin.object, "suburi", caption)
        } else {
            flick_object_set_object(playbin.object, "suburi", nil) // a NULL string: none
        }
        flick_object_set_string(playbin.object, "uri", uri)
        playbin.preroll() // off the GTK thread; a refusal posts an ERROR, handled by the bus watch
    }

    /// Whether the pipeline holds the bound item: opened, no reset under way.
    var isOpen: Bool {
        guard let playbin, uri != nil else { return false }
        return binding.pendingOpen == nil && !playbin.isResetting
    }

    /// Sizes the bound item's frames for a new box without reloading it
    /// (the page was resized); the next frames come at the new size.
    public func resize(box: PixelSize, fit: ContentFit) {
        guard let playbin, uri != nil, box != self.box || fit != self.fit else { return }
        self.box = box
        self.fit = fit
        playbin.rendition.resize(page: box, fit: fit)
        // Not opened yet: the open sizes frames for the box as it is then.
        if binding.pendingOpen == nil { playbin.scale.resize(box: box, fit: fit) }
    }

    /// Leaves the current binding, if any: READY with the bus flushed (off
    /// the GTK thread; the next binding opens once it is done), a new
    /// generation, per-binding state reset, the machine back to idle.
    /// `resetting` false leaves the pipeline as it is (it is about to go to NULL).
    @discardableResult
    func rebind(resetting: Bool = true) -> UInt64 {
        if resetting { playbin?.reset { [weak self] in self?.openIfAllowed() } }
        mailbox.accept(0)
        binding.cancelAll()
        binding = PlayerBinding()
        generation = generations.bind()
        uri = nil
        if state != .idle {
            move(.release)
            move(.released)
        }
        return generation
    }

    /// Reports a failure once per binding and stops streaming (NULL, off the GTK thread).
    func fail(_ failure: PlayerFailure) {
        guard !failed else { return }
        binding.cancelGates()
        binding.prerollTimer?.cancel()
        let wasPrerolled = prerolled
        binding.pendingOpen = nil
        move(.fail)
        // To NULL, not READY: an element that failed (a source whose reads
        // failed, a demuxer that gave up) is not reused by the next binding.
        playbin?.reset(to: GST_STATE_NULL) {}
        let generation = self.generation
        if let url = TransportProbe.worthProbing(uri, failure, prerolled: wasPrerolled) {
            binding.probe = TransportProbe(url: url) { [weak self] found in
                guard let self, self.generation == generation else { return }
                self.binding.probe = nil
                self.emit(found.map { PlayerFailure(code: $0.code, message: $0.message, httpStatus: $0.httpStatus) }?.event
                          ?? failure.event)
            }
            if binding.probe != nil { return }
        }
        emit(failure.event)
    }
}
