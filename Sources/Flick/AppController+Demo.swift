import CGLib
import CGtk
import FeedCore
import FeedDemo
import FeedGObject
import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// The built-in demo feed: its media made on first run (with progress),
/// then served by the app's own server and opened like any feed.
extension AppController {
    func openDemo() {
        guard let window else { return }
        window.skippedFiles.show([], summary: nil)
        let generator = DemoMediaGenerator(directory: DemoFeedLocation.mediaDirectory)
        let local = options.localDemo
        if local, let library = generator.existingLibrary() {
            showLocalDemo(library)
            return
        }
        window.showLoading(0, message: tr("Getting the demo feed ready"))
        reporter.report(phase: .loading, progress: 0)
        let settings = local ? nil : demoServerSettings
        DemoPreparation.start(generator, served: settings, progress: { [weak self] fraction, message in
            self?.generationProgressed(fraction, message)
        }, done: { [weak self] result, served in
            self?.generationFinished(result, served: served)
        })
    }

    /// How the demo's server serves: the command line's limits and delays.
    private var demoServerSettings: DemoPreparation.Settings {
        DemoPreparation.Settings(
            server: MediaServer.Options(bandwidthBitsPerSecond: options.bandwidthBitsPerSecond,
                                        latencyMilliseconds: options.latencyMilliseconds,
                                        pageDelayMilliseconds: options.pageDelayMilliseconds),
            itemCount: options.demoItems,
            pageSize: options.stress == nil ? DemoFeedServer.defaultPageSize : StressMode.feedPageSize,
            likeFailureShare: options.likeFailureShare)
    }

    /// Starts the demo's server without showing the demo (For You mixes
    /// it), then runs `then`; the media is made first on the first run,
    /// with its progress. A server that cannot start is left out, said in the log.
    func startDemoServer(then: @escaping @MainActor () -> Void) {
        guard demo == nil else { return then() }
        window?.showLoading(0, message: tr("Getting the demo feed ready"))
        reporter.report(phase: .loading, progress: 0)
        let generator = DemoMediaGenerator(directory: DemoFeedLocation.mediaDirectory)
        DemoPreparation.start(generator, served: demoServerSettings, progress: { [weak self] fraction, message in
            self?.generationProgressed(fraction, message)
        }, done: { [weak self] _, served in
            guard let self else { return }
            switch served {
            case .success(let running)?:
                if self.demo == nil { self.demo = (running.server, running.url) } else { running.server.stop(waiting: false) }
            case .failure(let error)?:
                Log.error("could not start the demo feed's server: \(error)")
            case nil:
                break
            }
            then()
        })
    }

    private func generationProgressed(_ fraction: Double, _ message: String) {
        window?.showLoading(fraction, message: message)
        reporter.report(phase: .loading, progress: fraction)
    }

    private func generationFinished(_ result: Result<DemoMediaLibrary, Error>,
                                    served: Result<DemoPreparation.Served, Error>?) {
        guard case .demo = source else {
            // Another feed was opened from the menu meanwhile.
            if case .success(let running)? = served { running.server.stop(waiting: false) }
            return
        }
        switch result {
        case .success(let library):
            guard let served else {
                showLocalDemo(library)
                return
            }
            switch served {
            case .success(let running):
                for note in running.notes { Log.info(note) }
                demo = (running.server, running.url)
                // Served on a new port each run: scoped by name, so its cache stays warm.
                openRemote(running.url, cacheScope: "flick-demo")
            case .failure(let error):
                Log.error("could not start the demo feed's server: \(error)")
                window?.showError(title: tr("Could not start the demo feed"), message: "\(error)")
                reporter.report(phase: .error)
            }
        case .failure(let error):
            Log.error("could not make the demo media: \(error)")
            window?.showError(title: tr("Could not make the demo feed"), message: "\(error)")
            reporter.report(phase: .error)
        }
    }

    /// `--local-demo`: the generated files, played as they are.
    private func showLocalDemo(_ library: DemoMediaLibrary) {
        showAtOnce(DemoFeedSource(library: library, count: options.demoItems))
    }
}
