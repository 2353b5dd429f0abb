import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FeedSources
import FlickTooling
import Foundation

/// The program: parse the command line, check the system, run the GTK app.
@MainActor
enum FlickApp {
    /// Runs Flick and returns the process exit status.
    static func run(arguments: [String]) -> Int32 {
        Translation.bind(localeDirectory: Translation.localeDirectory)
        guard CommandLineOptions.isSubcommand(arguments) else { return runApplication(arguments) }
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch {
            Log.error(error.description)
            return 2
        }
        switch options.command {
        case .bench(let words): return BenchForwarder.run(words)
        case .account(let action): return AccountCommand.run(action)
        default: return runCommand(options) ?? 0
        }
    }

    /// The app: GApplication parses the command line (its main option
    /// entries), `handle-local-options` runs a command that needs no window,
    /// hands the sources to the Flick already running (and exits), or checks
    /// the system and makes the controller, and `activate` shows the feed;
    /// `open` shows what a later launch handed over. A command-line mistake
    /// exits with status 2.
    private static func runApplication(_ arguments: [String]) -> Int32 {
        RendererSetup.prepareBeforeGTK()
        let app = adw_application_new(AppInfo.id, G_APPLICATION_HANDLES_OPEN)!
        let application = gcast(app, to: GApplication.self)!
        let commandLine = ApplicationOptions(table: CommandLineOptions.applicationTable, text: CommandLineOptions.helpText,
                                             target: CommandLineOptions(), application: application)
        var controller: AppController?
        var signals: QuitSignals?
        var parsed = false
        let local = Signals.connectReturningInt(app, "handle-local-options") { dictionary in
            parsed = true
            let options: CommandLineOptions
            let words = commandLine.remaining(in: dictionary)
            do throws(CommandLineOptions.ParseError) {
                options = try CommandLineOptions.interpret(commandLine.target, positional: words)
            } catch {
                Log.error(error.description)
                return 2
            }
            if let status = runCommand(options) { return status }
            guard case .run(let source) = options.command else { return 2 }
            if case .bluesky(let address) = source, address.requiresAccount,
               !AppSettings().accounts.accounts.contains(where: { $0.service == .bluesky }) {
                Log.error(tr("Sign in to Bluesky first: flick account add bsky:HANDLE"))
                return 2
            }
            if case .service(let address) = source, address.requiresAccount,
               AppSettings().accounts.account(for: address) == nil {
                Log.error(tr("Sign in to %1$s first: flick account add %2$s").filled(address.server, "\(address.service.rawValue):\(address.server)"))
                return 2
            }
            if options.standalone || options.stress != nil {
                g_application_set_flags(application, GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue
                                                                      | G_APPLICATION_NON_UNIQUE.rawValue))
            } else if handedOver(words, to: application) {
                return 0
            }
            switch prepare(source) {
            case .failure: return 1 // said why
            case .success(let local):
                controller = AppController(options: options, folderPath: local.folderPath, playlist: local.playlist)
                signals = QuitSignals { [weak controller] in controller?.quit() }
                return -1 // go on: register and activate
            }
        }
        let activate = Signals.connect(app, "activate") {
            controller?.activate(application: app)
        }
        // A later launch's sources (or a file manager's files), as URIs;
        // the first thing a Flick the session bus started hears (D-Bus
        // activation by Open), with no window yet.
        let open = Signals.connectOpen(app) { uris in
            controller?.openHandedOver(uris, application: app)
        }
        let status = commandLine.run(application, arguments: arguments)
        controller?.shutdown()
        signals?.remove()
        activate?.disconnect()
        open?.disconnect()
        local?.disconnect()
        g_object_unref(app.rawGObject)
        // GLib refused the command line (and said why) before `handle-local-options`.
        return !parsed && status != 0 ? 2 : status
    }

    /// Registers the app on the session bus and, when a Flick already runs
    /// there, hands it `words` (as files or URIs, relative paths made
    /// absolute here) or asks it to show its window; true when it did, and
    /// this process has nothing more to do. Without a session bus every
    /// launch runs on its own.
    private static func handedOver(_ words: [String], to application: UnsafeMutablePointer<GApplication>) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard g_application_register(application, nil, &error) != 0 else {
            Log.warning("could not check for a running Flick (\(error.map { String(cString: $0.pointee.message) } ?? "no reason given")); "
                        + "starting one of its own")
            if let error { g_error_free(error) }
            return false
        }
        guard g_application_get_is_remote(application) != 0 else { return false }
        if words.isEmpty {
            g_application_activate(application)
        } else {
            // `flick foryou` is no file: it is handed over as Flick's own address for it.
            var files = words.map { Optional(g_file_new_for_commandline_arg($0 == "foryou" ? CommandLineOptions.forYouURI : $0)!) }
            files.withUnsafeMutableBufferPointer { buffer in
                g_application_open(application, buffer.baseAddress, Int32(buffer.count), "")
            }
            files.forEach { g_object_unref($0.map { UnsafeMutableRawPointer($0) }) }
        }
        Log.info("Flick is already running: its window shows \(words.isEmpty ? "itself" : words.joined(separator: ", "))")
        return true
    }

    /// Runs a command that shows no feed and returns its status; nil for `.run`.
    private static func runCommand(_ options: CommandLineOptions) -> Int32? {
        switch options.command {
        case .run: return nil
        case .help:
            print(CommandLineOptions.help, terminator: "")
            return 0
        case .version:
            print("\(AppInfo.name) \(AppInfo.version)")
            return 0
        case .serve(let folder): return ServeCommand.run(folder: folder, options: options)
        case .cache(let action):
            return CacheCommand.run(action, directory: DemoFeedLocation.cacheDirectory.appendingPathComponent("media"))
        case .bench, .account:
            Log.error("flick bench and flick account take their options after their word")
            return 2
        }
    }

    /// Something a window needs is missing; the reason was logged.
    private struct NotReady: Error {}

    /// A folder checked, or a playlist file read, before the window.
    private struct LocalFeed {
        var folderPath: String?
        var playlist: PlaylistFile?
    }

    /// Checks what showing `source` needs before any window appears: a
    /// readable folder or playlist (the user's mistake, said first), a
    /// display, the media runtime. Returns what a folder or playlist holds.
    private static func prepare(_ source: CommandLineOptions.Source) -> Result<LocalFeed, NotReady> {
        var local = LocalFeed()
        do {
            switch source {
            case .folder(let path):
                // Only checked here: the scan runs once the window shows, off the GTK thread.
                try FolderFeedSource.check(path: path)
                local.folderPath = path
            case .playlist(let path): local.playlist = try PlaylistFile(path: path)
            case .demo, .remote, .service, .bluesky, .forYou: break
            }
        } catch {
            Log.error("\(error)")
            return .failure(NotReady())
        }
        guard gtk_init_check() != 0 else {
            Log.error(tr("cannot open a display: run Flick in a desktop session (or set DISPLAY / WAYLAND_DISPLAY, e.g. under xvfb-run)"))
            return .failure(NotReady())
        }
        do {
            try MediaRuntime.initialize()
        } catch {
            Log.error("\(error)")
            return .failure(NotReady())
        }
        VideoPlayer.loadPluginsInBackground() // while the window is built
        MainThreadBridge.install()
        StallWatch.installIfAsked()
        return .success(local)
    }
}
