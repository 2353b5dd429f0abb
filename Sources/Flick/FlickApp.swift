import CGLib
import CGtk
import FeedGObject
import FeedMedia
import Foundation

/// The program: parse the command line, check the system, run the GTK app.
@MainActor
enum FlickApp {
    /// Runs Flick and returns the process exit status.
    static func run(arguments: [String]) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch {
            Log.error(error.description)
            return 2
        }
        switch options.command {
        case .help:
            print(CommandLineOptions.help, terminator: "")
            return 0
        case .benchHelp:
            print(BenchOptions.help, terminator: "")
            return 0
        case .version:
            print("\(AppInfo.name) \(AppInfo.version)")
            return 0
        case .run(let source):
            return open(source, options: options)
        case .serve(let folder):
            return ServeCommand.run(folder: folder, options: options)
        case .bench(let bench):
            return BenchCommand.run(bench)
        case .gtkVideoYardstick(let request):
            return GtkVideoYardstick.runChild(request)
        case .cache(let action):
            return CacheCommand.run(action, directory: DemoFeedLocation.cacheDirectory.appendingPathComponent("media"))
        }
    }

    private static func open(_ source: CommandLineOptions.Source, options: CommandLineOptions) -> Int32 {
        // A folder that cannot be read is the user's mistake: say so before
        // any window appears.
        var folder: FolderFeedSource?
        if case .folder(let path) = source {
            do {
                folder = try FolderFeedSource(path: path)
            } catch {
                Log.error("\(error)")
                return 1
            }
        }
        guard gtk_init_check() != 0 else {
            Log.error("cannot open a display: run Flick in a desktop session (or set DISPLAY / WAYLAND_DISPLAY, e.g. under xvfb-run)")
            return 1
        }
        do {
            try MediaRuntime.initialize()
        } catch {
            Log.error("\(error)")
            return 1
        }
        MainThreadBridge.install()
        StallWatch.installIfAsked()

        let controller = AppController(options: options, folder: folder)
        let app = adw_application_new(AppInfo.id, G_APPLICATION_NON_UNIQUE)!
        let connection = Signals.connect(app, "activate") {
            controller.activate(application: app)
        }
        let signals = QuitSignals(application: app)
        let status = g_application_run(gcast(app), 0, nil)
        controller.shutdown()
        signals.remove()
        connection?.disconnect()
        g_object_unref(app.rawGObject)
        return status
    }
}
