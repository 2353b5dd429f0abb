import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// The desktop around the feed: the window's and the app's actions with
/// their keys (`WindowAction`), the header's main menu, fullscreen, the
/// content-fit switch, and the preferences, shortcuts and about windows.
/// What it cannot do itself (open a feed, reload) it asks the app through
/// `Hooks`. GTK thread only.
@MainActor
final class DesktopShell {
    /// What the app does on the shell's behalf.
    struct Hooks {
        /// Loads the current feed again (Ctrl+R).
        var reload: @MainActor () -> Void
        /// Opens a folder's feed; the app says what is wrong with it.
        var openFolder: @MainActor (String) -> Void
        /// Opens a JSON feed (the URL is a checked http(s) one).
        var openURL: @MainActor (FeedURLInput.Address) -> Void
        /// The app's open media cache, nil when it has none.
        var mediaCache: @MainActor () -> MediaCache?
        /// The accounts' page in Preferences: the list, sign in, sign out.
        var accounts: @MainActor () -> AccountsPage.Hooks? = { nil }
        /// Preferences → For You's "Forget what Flick learned".
        var forgetTaste: @MainActor () -> Void = {}
        /// Shows the sign-in window of a service, for a server or any (`app.sign-in`).
        var signIn: @MainActor (ServiceAddress.Service, String?) -> Void = { _, _ in }
        /// Runs a stress mode on the showing feed (the Stress menu).
        var stress: @MainActor (StressMode) -> Void = { _ in }
        /// The sources' actions (add, switch, rename, remove, move); the
        /// source's place from 1 for `switch-source`.
        var sources: @MainActor (WindowAction, Int?) -> Void = { _, _ in }
    }

    private let window: FlickWindow
    private let application: UnsafeMutablePointer<GtkApplication>
    private let settings: AppSettings
    private let reporter: StateReporter
    private let hooks: Hooks
    private let dialogs: OpenFeedDialogs
    private var preferences: PreferencesWindow?
    private var shortcuts: ShortcutsWindow?
    /// The MPRIS player on the session bus (media keys, desktop controls).
    private var mpris: MPRISService?
    private var connections: [SignalConnection] = []

    init(window: FlickWindow, application: UnsafeMutablePointer<GtkApplication>, settings: AppSettings,
         reporter: StateReporter, hooks: Hooks) {
        self.window = window
        self.application = application
        self.settings = settings
        self.reporter = reporter
        self.hooks = hooks
        dialogs = OpenFeedDialogs(parent: window.window.widget)
        for action in WindowAction.allCases { install(action) }
        installSignIn()
        addMenuButton()
        window.skippedFiles.onChange = { [weak self] in self?.report() }
        window.sidebar.onChange = { [weak self] in self?.report() }
        connections += [
            Signals.connect(window.window.raw, "notify::fullscreened") { [weak self] (_: UnsafeMutableRawPointer?) in
                self?.fullscreenChanged()
            },
        ].compactMap { $0 }
        window.paging.onChange = { [weak self] in self?.report() }
        // The saved fit applies live, whether it changed here, in the
        // preferences or with the gsettings tool.
        settings.observe(.contentFit) { [weak self] in
            guard let self else { return }
            self.window.feedView?.fit = self.settings.contentFit
            self.report()
        }
        // The choice shows in the report and on MPRIS however it was made
        // (a, the preferences, LoopStatus, gsettings); both read the setting.
        for key in [SettingsKey.whenFinished, .loop] {
            settings.observe(key) { [weak self] in
                self?.mpris?.update()
                self?.report()
            }
        }
        // Captions follow their key however it changed (v, the preferences, gsettings).
        settings.observe(.showCaptions) { [weak self] in
            guard let self else { return }
            self.window.feedView?.showsCaptions = self.settings.bool(.showCaptions, default: false)
        }
        // The diagnostics overlay follows its key both ways: Ctrl+Shift+D
        // saves it, and a change in the preferences or with gsettings shows.
        settings.observe(.showDiagnostics) { [weak self] in
            guard let self else { return }
            self.window.feedView?.showsDiagnostics = self.settings.bool(.showDiagnostics, default: false)
        }
        window.onToastShown = { [weak self] in self?.report() }
        window.onFeedShown.append { [weak self] view in
            guard let self else { return }
            view.showsDiagnostics = self.settings.bool(.showDiagnostics, default: false)
            view.showsCaptions = self.settings.bool(.showCaptions, default: false)
            view.onCaptionsShown = { [weak self] shown in self?.settings.set(.showCaptions, bool: shown) }
            view.onDiagnosticsToggle = { [weak self] shown in self?.settings.set(.showDiagnostics, bool: shown) }
            // MPRIS follows every change the feed reports (after the app's own handler).
            view.addStateListener { [weak self] _ in self?.mpris?.update() }
            self.mpris?.update()
        }
        mpris = makeMPRIS()
        fullscreenChanged()
    }

    // MARK: Actions

    private func perform(_ action: WindowAction, parameter: Int? = nil) {
        switch action {
        case .toggleSidebar: window.sidebar.isRevealed.toggle()
        case .addSource, .switchSource, .forYou, .renameSource, .removeSource, .moveSourceUp, .moveSourceDown:
            hooks.sources(action, parameter)
        case .openFolder: dialogs.chooseFolder(hooks.openFolder)
        case .openURL: dialogs.askForURL(hooks.openURL)
        case .reload: hooks.reload()
        case .toggleFullscreen:
            if isFullscreen { gtk_window_unfullscreen(gtkWindow) } else { gtk_window_fullscreen(gtkWindow) }
        case .leaveFullscreen: gtk_window_unfullscreen(gtkWindow)
        case .toggleContentFit: toggleContentFit()
        case .toggleWhenFinished: toggleWhenFinished()
        case .toggleCaptions: toggleCaptions()
        case .shortcuts: showShortcuts()
        case .preferences: showPreferences()
        case .about: showAbout()
        case .stressSlow, .stressFast, .stressBurst, .stressRemount:
            if let mode = action.stressMode { hooks.stress(mode) }
        case .quit:
            // As a click on its close button: the size is saved, and the app's exit work ends the main loop.
            gtk_window_close(gtkWindow)
        }
    }

    /// `app.sign-in` with `(service, server)` (server may be empty): the
    /// sign-in window; toasts ("Sign in to like", "Signed out") reach it.
    private func installSignIn() {
        let type = g_variant_type_new("(ss)")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new("sign-in", type)!
        if let connection = Signals.connect(action, "activate", { [weak self] (parameter: UnsafeMutableRawPointer?) in
            guard let self, let parameter else { return }
            let tuple = OpaquePointer(parameter)
            func field(_ index: Int) -> String {
                guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return "" }
                defer { g_variant_unref(child) }
                return String(cString: g_variant_get_string(child, nil))
            }
            guard let service = ServiceAddress.Service(rawValue: field(0)) else { return }
            let server = field(1)
            hooks.signIn(service, server.isEmpty ? nil : server)
        }) {
            connections.append(connection)
        }
        g_action_map_add_action(gopaque(UnsafeMutableRawPointer(application)), gopaque(action))
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Adds `action` to its group (the window's or the app's) and binds its keys.
    private func install(_ action: WindowAction) {
        let parameterType = action.parameterType.map { g_variant_type_new($0) }
        defer { parameterType.map { g_variant_type_free($0) } }
        let simple = g_simple_action_new(action.name, parameterType ?? nil)!
        if let connection = Signals.connect(simple, "activate", { [weak self] (parameter: UnsafeMutableRawPointer?) in
            let value = parameter.map { Int(g_variant_get_int32(OpaquePointer($0))) }
            self?.perform(action, parameter: value)
        }) {
            connections.append(connection)
        }
        let map: UnsafeMutableRawPointer = action.scope == .app ? UnsafeMutableRawPointer(application) : window.window.raw
        g_action_map_add_action(gopaque(map), simple)
        g_object_unref(simple.rawGObject)
        for (detailedName, keys) in action.acceleratorTargets {
            var strings = keys.map { strdup($0) } + [nil]
            defer { for pointer in strings { free(pointer) } }
            strings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    gtk_application_set_accels_for_action(application, detailedName, $0)
                }
            }
        }
    }

    private func setEnabled(_ action: WindowAction, _ enabled: Bool) {
        let map: UnsafeMutableRawPointer = action.scope == .app ? UnsafeMutableRawPointer(application) : window.window.raw
        guard let found = g_action_map_lookup_action(gopaque(map), action.name) else { return }
        g_simple_action_set_enabled(gopaque(found), enabled ? 1 : 0)
    }

    // MARK: MPRIS

    /// The MPRIS player, driving whichever feed the window shows.
    private func makeMPRIS() -> MPRISService {
        let feed = { [weak window] in window?.feedView }
        return MPRISService(controls: .init(
            state: { [weak settings] in
                var state = MPRISState.reading(feed())
                state.whenFinished = settings?.whenFinished ?? .loop
                return state
            },
            next: { feed()?.perform(.nextPage) },
            previous: { feed()?.perform(.previousPage) },
            play: { feed()?.play() },
            pause: { feed()?.pause() },
            position: { feed()?.currentPosition },
            seek: { feed()?.seek(to: $0) },
            setMuted: { feed()?.isMuted = $0 },
            setVolume: { feed()?.volume = $0 },
            setRate: { feed()?.setRate($0) ?? false },
            setWhenFinished: { [weak self] in self?.settings.whenFinished = $0 },
            raise: { [weak window] in window?.present() },
            quit: { [weak self] in self?.perform(.quit) }), desktopEntry: AppInfo.id)
    }

    // MARK: Header menu

    /// The main menu, from the table's menu labels, at the header's end.
    private func addMenuButton() {
        let menu = g_menu_new()!
        let layout = WindowAction.mainMenu(stress: AppInfo.showsStressMenu)
        for actions in layout.sections {
            let section = g_menu_new()!
            for action in actions {
                guard let label = action.menuLabel else { continue }
                g_menu_append(section, label, action.detailedName)
            }
            g_menu_append_section(menu, nil, gcast(section))
            g_object_unref(section.rawGObject)
        }
        if !layout.stress.isEmpty {
            // Stress: the benchmark's schedules, by hand, on the showing feed.
            let stress = g_menu_new()!
            for action in layout.stress {
                if let label = action.menuLabel { g_menu_append(stress, label, action.detailedName) }
            }
            let stressSection = g_menu_new()!
            g_menu_append_submenu(stressSection, "_Stress", gcast(stress))
            g_menu_append_section(menu, nil, gcast(stressSection))
            g_object_unref(stress.rawGObject)
            g_object_unref(stressSection.rawGObject)
        }
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(gopaque(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(gopaque(button), gcast(menu))
        gtk_menu_button_set_primary(gopaque(button), 1)
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        // GTK 4.8 names a menu button after its class (its inner toggle is
        // labelled by it, so naming the menu button names both).
        Widget.setAccessibleLabel(button, tr("Main menu"))
        g_object_unref(menu.rawGObject)
        adw_header_bar_pack_end(gopaque(window.header), button)
    }

    // MARK: Fullscreen and fit

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> { gcast(window.window.widget)! }
    private var isFullscreen: Bool { gtk_window_is_fullscreen(gtkWindow) != 0 }

    /// The header hides in fullscreen, and Escape only means something there.
    private func fullscreenChanged() {
        let fullscreen = isFullscreen
        gtk_widget_set_visible(window.header, fullscreen ? 0 : 1)
        setEnabled(.leaveFullscreen, fullscreen)
        report()
    }

    /// `c`: the next fit (auto, cover, contain), shown at once and saved.
    private func toggleContentFit() {
        let next = (window.feedView?.fit ?? settings.contentFit).next
        window.feedView?.fit = next
        settings.contentFit = next
        report()
    }

    /// `a`: loop each post, or play on to the next; saved, with a toast.
    private func toggleWhenFinished() {
        let next = settings.whenFinished.toggled
        settings.whenFinished = next
        window.showToast(next == .next ? tr("Plays on to the next post") : tr("Loops each post"))
        report()
    }

    /// `v`: captions on or off; saved, with a toast.
    private func toggleCaptions() {
        let shown = !settings.bool(.showCaptions, default: false)
        settings.set(.showCaptions, bool: shown)
        window.showToast(shown ? tr("Captions on") : tr("Captions off"))
    }

    // MARK: Windows

    private func showPreferences() {
        if let preferences, preferences.isOpen {
            preferences.present()
            return
        }
        let cacheDirectory = DemoFeedLocation.cacheDirectory
        let access = CacheAccess(mediaDirectory: cacheDirectory.appendingPathComponent("media"),
                                 imageDirectory: cacheDirectory.appendingPathComponent("images"),
                                 openCache: hooks.mediaCache,
                                 budgets: { [weak settings] in settings?.cacheBudgets ?? CacheBudgets() })
        let preferences = PreferencesWindow(parent: window.window.widget, settings: settings, cache: access,
                                            accounts: hooks.accounts(), forget: hooks.forgetTaste)
        preferences.onChange = { [weak self] in self?.report() }
        self.preferences = preferences
        preferences.present()
    }

    private func showShortcuts() {
        if let old = shortcuts { gtk_window_destroy(gcast(old.window.widget)) }
        guard let shortcuts = ShortcutsWindow(transientFor: window.window.widget) else { return }
        self.shortcuts = shortcuts
        if let connection = Signals.connectReturningBool(shortcuts.window.raw, "close-request", { [weak self, weak shortcuts] in
            if let self, self.shortcuts === shortcuts {
                self.shortcuts = nil
                self.report()
            }
            return false
        }) {
            connections.append(connection)
        }
        shortcuts.present()
        report()
    }

    private func showAbout() {
        let facts = DebugInfo.Facts(renderer: WindowRenderer(of: window.window.widget),
                                    hardwareDecoding: settings.hardwareDecoding,
                                    cacheDirectory: DemoFeedLocation.cacheDirectory.appendingPathComponent("media"),
                                    cache: hooks.mediaCache()?.statistics)
        AboutWindow.present(over: gtkWindow, facts: facts)
    }

    /// The accounts changed: Preferences lists them again, and the report says so.
    func accountsChanged(_ list: AccountList) {
        preferences?.accountsPage?.show(list)
        report()
    }

    // MARK: Reporting

    /// Tells `--report-state` what the window around the feed shows.
    func report() {
        var state = WindowReport()
        state.lastToast = window.lastToast
        state.fullscreen = isFullscreen
        state.headerVisible = gtk_widget_get_visible(window.header) != 0
        state.contentFit = window.feedView?.fit ?? settings.contentFit
        state.whenFinished = settings.whenFinished
        state.accounts = settings.accounts.accounts.map(\.label)
        state.pagingButtons = window.paging.isShown
        state.windowVisible = window.rest.windowVisible
        state.renderer = WindowRenderer(of: window.window.widget)
        if let preferences, preferences.isOpen {
            state.preferencesOpen = true
            switch preferences.usage {
            case .success(let usage):
                state.cacheVideoBytes = usage.videoBytes
                state.cacheImageBytes = usage.imageBytes
            case .failure(let problem):
                state.cacheProblem = problem.description
            case nil:
                break
            }
        }
        if let shortcuts {
            state.shortcutsListed = shortcuts.listed
            state.shortcutsBound = BoundShortcuts.read(application: application, feed: window.feedView?.widget)
        }
        let skipped = window.skippedFiles
        if !skipped.files.isEmpty {
            state.skippedFiles = skipped.files.count
            state.skippedSummary = skipped.summary
            if skipped.isOpen { state.skippedListed = skipped.listed }
        }
        let sidebar = window.sidebar
        state.sources = sidebar.names
        state.currentSource = sidebar.current
        state.forYouSelected = sidebar.forYouSelected
        state.sidebarShown = sidebar.isRevealed
        state.sourcePreview = sidebar.preview
        reporter.report(window: state)
    }
}
