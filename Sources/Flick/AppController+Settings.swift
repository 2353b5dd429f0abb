import FeedCore
import FeedMedia
import Foundation

/// Settings wiring: the playback preferences and the desktop's conditions, live on the session.
extension AppController {
    /// Loop, autoplay, data saver and the desktop's conditions, on the session.
    func applyPlaybackSettings(to session: FeedSession) {
        guard let settings else { return }
        session.send(.preferences(FeedSession.Preferences(autoplay: settings.bool(.autoplay, default: true),
                                                      whenFinished: settings.whenFinished,
                                                      photoSeconds: settings.photoSeconds,
                                                      dataSaver: settings.bool(.dataSaver, default: false),
                                                      conditions: conditionsForFeed(system.conditions),
                                                      showsSensitive: settings.bool(.showSensitive, default: false),
                                                      videoQuality: settings.videoQuality)))
    }

    /// The desktop's conditions as they bear on the showing feed: a feed on
    /// this machine (the demo, a folder, a loopback server) needs no
    /// network, so "offline" (no route out) does not hold it back.
    func conditionsForFeed(_ conditions: SystemMonitor.Conditions) -> SystemMonitor.Conditions {
        var result = conditions
        let local: Bool
        switch source {
        case .demo, .folder: local = true
        case .forYou: local = false
        case .playlist: local = named.playlist?.page.items.allSatisfy { MediaLocation($0.uri) == .file } ?? true
        case .remote(let url): local = ServiceAddress.isLoopback(url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) ?? "")
        case .service(let address): local = ServiceAddress.isLoopback(address.host)
        case .bluesky:
            let host = URL(string: settings?.blueskyAppView ?? "")?.host ?? ""
            local = ServiceAddress.isLoopback(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))
        }
        if local, result.network == .offline { result.network = .unmetered }
        result.visibility = window?.rest.visibility ?? .visible
        return result
    }

    /// `--hardware-decoding`, else the setting, on GStreamer's registry:
    /// players pick their decoders by rank when they load a post.
    func applyHardwareDecoding() {
        DecoderRanks.apply(options.hardwareDecoding ?? settings?.hardwareDecoding ?? .auto)
    }

    /// Keeps the showing feed in step with the settings and the desktop, live.
    func watchPlaybackSettings(_ settings: AppSettings) {
        applyHardwareDecoding()
        settings.observe(.hardwareDecoding) { [weak self] in self?.applyHardwareDecoding() }
        _ = settings.hardwareDecoding
        for key in [SettingsKey.loop, .whenFinished, .photoSeconds, .autoplay, .dataSaver, .showSensitive, .videoQuality] {
            settings.observe(key) { [weak self] in
                guard let self, let session = self.session else { return }
                self.applyPlaybackSettings(to: session)
            }
        }
        // GSettings reports changes only of keys read after connecting.
        _ = (settings.whenFinished, settings.photoSeconds, settings.videoQuality)
        _ = [settings.bool(.loop, default: true), settings.bool(.autoplay, default: true),
             settings.bool(.dataSaver, default: false), settings.bool(.showSensitive, default: false)]
        system.onChange = { [weak self] conditions in
            guard let self else { return }
            self.session?.send(.conditions(self.conditionsForFeed(conditions)))
        }
        // The speed and volume from Preferences or gsettings act at once.
        settings.observe(.playbackRate) { [weak self] in
            guard let self, let settings = self.settings else { return }
            self.session?.send(.rate(settings.playbackRate))
        }
        settings.observe(.volume) { [weak self] in
            guard let self, let settings = self.settings else { return }
            self.session?.send(.volume(settings.volume))
        }
        _ = (settings.playbackRate, settings.volume)
        // A minimised window or a locked screen rests the feed.
        window?.rest.onChange = { [weak self] in
            guard let self else { return }
            self.session?.send(.conditions(self.conditionsForFeed(self.system.conditions)))
            self.stress?.windowVisibilityChanged(self.window?.rest.windowVisible ?? true)
            self.shell?.report()
        }
    }
}
