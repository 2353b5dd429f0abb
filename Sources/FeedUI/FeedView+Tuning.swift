import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation

/// Speed and volume from the view: `<` and `>`, `-` and `+`, a press held
/// on the video for 2×, each said in a toast or a badge. The session holds
/// the values and tells the players. GTK thread only.
extension FeedView {
    /// How much `-` and `+` change the volume (on its 0…1 cubic scale).
    static let volumeStep = 0.1

    /// The speed chosen (1 = normal); the held 2× is not it.
    public var rate: Double { seen.tuning.rate }
    /// The speed the current video plays at now (`--report-state`'s `rate`).
    public var effectiveRate: Double { seen.tuning.effectiveRate }
    /// The volume, 0…1 on the cubic scale of desktop volume controls.
    public var volume: Double {
        get { seen.tuning.volume }
        set {
            send(.volume(newValue))
            listeners.volumeChange?(seen.tuning.volume)
        }
    }

    /// Plays at `rate` from now on; false for a rate Flick does not play at.
    @discardableResult
    public func setRate(_ rate: Double) -> Bool {
        guard PlaybackRate.accepted(rate) != nil else { return false }
        send(.rate(rate))
        return true
    }

    /// Called when the user changes the volume (the app saves it).
    public var onVolumeChange: ((Double) -> Void)? {
        get { listeners.volumeChange }
        set { listeners.volumeChange = newValue }
    }

    /// A speed key: the new speed, said in a toast.
    func changeRate(_ rate: Double) {
        send(.rate(rate))
        showToast(tr("Speed %1$s").filled(Self.rateText(seen.tuning.rate)))
    }

    /// A volume key: the new level, said in a toast.
    func changeVolume(by step: Double) {
        // Steps land on twentieths, whatever MPRIS or the slider left.
        volume = ((volume + step) * 20).rounded() / 20
        showToast(tr("Volume %1$s").filled(Self.percentText(volume)))
    }

    /// "1.25×", with the user's decimal separator.
    public static func rateText(_ rate: Double) -> String {
        rate.formatted(.number.precision(.fractionLength(0...2))) + "×"
    }

    /// Whether the feed is a mix (For You, the app sets it): its posts'
    /// More menus offer "Show fewer like this" (`n`) and "Why am I seeing this?".
    public var mixes: Bool {
        get { chrome.mixes }
        set {
            guard newValue != chrome.mixes else { return }
            chrome.mixes = newValue
            for index in pages.keys { refreshRailMenu(at: index) }
        }
    }

    /// Called when the user likes, saves, copies the link of, asks for
    /// fewer like, or asks why they see a post (the app's For You learns).
    public var onPostAction: ((PostAction, FeedItem) -> Void)? {
        get { listeners.postAction }
        set { listeners.postAction = newValue }
    }

    /// "40 %" or "40%", as the user's locale writes it.
    public static func percentText(_ share: Double) -> String {
        share.formatted(.percent.precision(.fractionLength(0)))
    }

    /// Whether caption cues show over the videos (`show-captions`; the app
    /// sets it, `v` switches it).
    public var showsCaptions: Bool {
        get { chrome.showsCaptions }
        set {
            guard newValue != chrome.showsCaptions else { return }
            chrome.showsCaptions = newValue
            for page in pages.values { page.cue.enabled = newValue }
            reportState()
        }
    }

    /// The More menu of the page at `index`: Save unless its post is a file
    /// of this computer, and its captions languages when it has several.
    func refreshRailMenu(at index: Int, page: FeedPage? = nil) {
        guard let page = page ?? pages[index] else { return }
        guard let item = item(at: index) else {
            page.likeRail.showMenu(save: true, captions: []) // a skeleton: hidden, and nothing to choose
            return
        }
        let local = if case .localFile = seen.shareTarget(of: item) { true } else { false }
        page.likeRail.showMenu(save: !local, captions: seen.captionLanguages(at: index), qualities: qualities(at: index),
                               mix: chrome.mixes)
    }

    /// The renditions the More menu of the page at `index` offers:
    /// Automatic, then each of its master's, smallest first; none for media
    /// of one, or for a page not shown.
    func qualities(at index: Int) -> [(index: Int?, name: String)] {
        guard seen.shown.index == index else { return [] }
        let variants = seen.shown.renditions.variants
        guard variants.count > 1 else { return [] }
        return [(nil, tr("Automatic"))] + RenditionPlan.ranked(variants).map { ($0, Self.qualityName(variants[$0])) }
    }

    /// "480p", or "1,000 kbit/s" for a rendition of unknown size.
    static func qualityName(_ variant: HLSVariant) -> String {
        // Translators: a video's height in lines, as in 720p.
        if let lines = variant.lines { return tr("%1$sp").filled(String(lines)) }
        // Translators: a stream's bandwidth.
        return tr("%1$s kbit/s").filled(Translation.number((variant.bandwidth ?? 0) / 1000))
    }

    /// A Quality entry of the More menu: that rendition for this post, with a toast.
    func chooseRendition(_ index: Int?) {
        let name = index.flatMap { chosen in qualities(at: currentIndex).first { $0.index == chosen }?.name } ?? tr("Automatic")
        send(.rendition(index))
        showToast(tr("Quality: %1$s").filled(name))
    }

    /// Called when choosing a captions language turns captions on (the app saves it).
    public var onCaptionsShown: ((Bool) -> Void)? {
        get { listeners.captionsShown }
        set { listeners.captionsShown = newValue }
    }

    /// A Captions entry of the More menu: that language from now on, with a toast.
    func chooseCaptionLanguage(_ tag: String) {
        let name = seen.captionLanguages(at: currentIndex).first { $0.tag == tag }?.name ?? tag
        send(.captionLanguage(tag))
        if !showsCaptions { listeners.captionsShown?(true) }
        showToast(tr("Captions: %1$s").filled(name))
    }

    // MARK: Holding for 2×

    /// The primary button went down on the page: held long enough on a
    /// video, it plays at 2× until let go.
    func pressBegan() {
        pointer.holdTimer?.cancel()
        guard item(at: currentIndex)?.kind.isPlayed == true else { return }
        pointer.holdTimer = MainLoopSource.after(milliseconds: PlaybackRate.holdMilliseconds) { [weak self] in
            guard let self else { return }
            self.pointer.holdTimer = nil
            guard !self.pointer.dragThresholdPassed, self.pointer.drag == nil else { return }
            self.pointer.holdingFaster = true
            self.send(.holdFaster(true))
            self.pages[self.currentIndex]?.sound.showSpeed(Self.rateText(PlaybackRate.held))
            self.reportState()
        }
    }

    /// The press ended (let go, or it became a drag): a held 2× returns
    /// to the speed before. Returns whether the press was such a hold (it
    /// is then not a click).
    @discardableResult
    func pressEnded() -> Bool {
        pointer.holdTimer?.cancel()
        pointer.holdTimer = nil
        guard pointer.holdingFaster else { return false }
        pointer.holdingFaster = false
        send(.holdFaster(false))
        for page in pages.values { page.sound.showSpeed(nil) }
        reportState()
        return true
    }
}
