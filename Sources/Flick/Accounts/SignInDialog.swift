import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import Foundation

/// The sign-in window for one service: the server, and for PeerTube the
/// user name, the password (an `AdwPasswordEntryRow`; sent once, never
/// kept) and, when the instance asks, the two-factor code. Mastodon,
/// Pixelfed and Loops sign in in the browser (``BrowserSignIn``); the
/// window waits and says so.
/// Bluesky signs in with the handle and an app password, on the sign-in
/// service the `bluesky-pds` key names (``BlueskySignIn``).
/// A failure is shown in the window and the user may try again. GTK
/// thread only; the window is destroyed when it closes.
@MainActor
final class SignInDialog {
    typealias Done = @MainActor (_ account: Account, _ token: AccountToken) -> Void

    let window: GObjectRef
    private let service: ServiceAddress.Service
    private let session: GObjectRef
    private let done: Done
    private let server: WidgetPointer
    private let user: WidgetPointer?
    private let password: WidgetPointer?
    private let code: WidgetPointer?
    private let status: WidgetPointer
    private let signInButton: WidgetPointer
    private var mastodon: BrowserSignIn?
    private var peerTube: PeerTubeSignIn?
    private var bluesky: BlueskySignIn?
    private var connections: [SignalConnection] = []
    /// The dialog holds itself while its window is open (nobody else
    /// does), and lets go when it closes.
    private var keepAlive: SignInDialog?

    init(parent: WidgetPointer, service: ServiceAddress.Service, server: String?, session: GObjectRef, done: @escaping Done) {
        self.service = service
        self.session = session
        self.done = done
        let window = adw_window_new()!
        self.window = GObjectRef(retaining: window)!
        let title = switch service {
        case .mastodon: tr("Sign in to Mastodon")
        case .peertube: tr("Sign in to PeerTube")
        case .bluesky: tr("Sign in to Bluesky")
        case .pixelfed: tr("Sign in to Pixelfed")
        case .loops: tr("Sign in to Loops")
        case .lemmy: tr("Sign in to Lemmy")
        }
        gtk_window_set_title(gcast(window), title)
        gtk_window_set_transient_for(gcast(window), gcast(parent))
        gtk_window_set_modal(gcast(window), 1)
        gtk_window_set_default_size(gcast(window), 420, -1)

        let header = adw_header_bar_new()!
        adw_header_bar_set_show_end_title_buttons(gopaque(header), 0)
        adw_header_bar_set_show_start_title_buttons(gopaque(header), 0)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        signInButton = gtk_button_new_with_mnemonic(tr("_Sign In"))!
        gtk_widget_add_css_class(signInButton, "suggested-action")
        adw_header_bar_pack_start(gopaque(header), cancel)
        adw_header_bar_pack_end(gopaque(header), signInButton)

        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(gopaque(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        func entryRow(_ title: String, password: Bool = false) -> WidgetPointer {
            let row = password ? adw_password_entry_row_new()! : adw_entry_row_new()!
            PlainText.setTitle(title, of: row)
            adw_preferences_row_set_use_underline(gcast(row), 1)
            gtk_list_box_append(gopaque(list), row)
            return row
        }
        self.server = entryRow(service == .bluesky ? tr("Sign-in _service") : tr("_Server"))
        gtk_editable_set_text(gopaque(self.server), server ?? "")
        if service == .bluesky {
            user = entryRow(tr("_Handle"))
            password = entryRow(tr("App _password"), password: true)
            code = nil
        } else if service == .peertube {
            user = entryRow(tr("_User name"))
            password = entryRow(tr("_Password"), password: true)
            let code = entryRow(tr("Two-factor _code"))
            gtk_widget_set_visible(code, 0)
            self.code = code
        } else {
            user = nil
            password = nil
            code = nil
        }
        let explanation = switch service {
        case .mastodon, .pixelfed, .loops, .lemmy: tr("Flick opens the server’s sign-in page in your browser; your password stays there.")
        case .peertube: tr("Only the tokens the server gives are kept, in your keyring; never the password.")
        case .bluesky: tr("Use an app password, made in Bluesky’s Settings → Privacy and security → App passwords; never your account’s password. Only the tokens Bluesky gives are kept, in your keyring.")
        }
        status = gtk_label_new(explanation)!
        // Where app passwords are made, one click away.
        let appPasswords = service == .bluesky
            ? gtk_link_button_new_with_label("https://bsky.app/settings/app-passwords", tr("Make an app password on Bluesky"))
            : nil
        gtk_label_set_wrap(gopaque(status), 1)
        gtk_label_set_xalign(gopaque(status), 0)
        gtk_widget_add_css_class(status, "dim-label")

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_margin_top(box, 12)
        gtk_widget_set_margin_bottom(box, 18)
        gtk_widget_set_margin_start(box, 18)
        gtk_widget_set_margin_end(box, 18)
        gtk_box_append(gcast(box), list)
        gtk_box_append(gcast(box), status)
        if let appPasswords {
            gtk_widget_set_halign(appPasswords, GTK_ALIGN_START)
            gtk_box_append(gcast(box), appPasswords)
        }
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(gcast(content), header)
        gtk_box_append(gcast(content), box)
        adw_window_set_content(gcast(window), content)
        // Escape closes it, as it does a dialog.
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(gopaque(escape),
                                             gtk_shortcut_new(gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0)),
                                                              gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, escape)

        connections += [
            Signals.connect(cancel, "clicked") { [weak self] in self?.close() },
            Signals.connect(signInButton, "clicked") { [weak self] in self?.signIn() },
            Signals.connectReturningBool(window, "close-request") { [weak self] in
                self?.stop()
                self?.keepAlive = nil
                return false
            },
        ].compactMap { $0 }
        for row in [self.server, user, password, code].compactMap({ $0 }) {
            if let connection = Signals.connect(row, "entry-activated", { [weak self] in self?.signIn() }) {
                connections.append(connection)
            }
        }
    }

    func present() {
        keepAlive = self
        gtk_window_present(gcast(window.raw))
        // With the server given (a toast's), the user name is what is left to type.
        gtk_widget_grab_focus(text(server).isEmpty ? server : (user ?? signInButton))
    }

    private func text(_ row: WidgetPointer?) -> String {
        guard let row, let text = gtk_editable_get_text(gopaque(row)) else { return "" }
        return String(cString: text).trimmingCharacters(in: .whitespaces)
    }

    private func say(_ message: String, problem: Bool) {
        gtk_label_set_text(gopaque(status), message)
        if problem { gtk_widget_add_css_class(status, "error") } else { gtk_widget_remove_css_class(status, "error") }
    }

    private func signIn() {
        guard mastodon == nil, peerTube == nil, bluesky == nil else { return }
        if service == .bluesky { return signInToBluesky() }
        // A pasted address (https://host/…) names its host.
        var typed = text(server)
        if let url = URL(string: typed), let host = url.host, url.scheme != nil {
            typed = host + (url.port.map { ":\($0)" } ?? "")
        }
        guard let server = ServiceAddress.normalizedServer(typed) else {
            say(tr("‘%1$s’ is not a server name (like mastodon.social).").filled(typed), problem: true)
            return
        }
        gtk_widget_set_sensitive(signInButton, 0)
        switch service {
        case .mastodon, .pixelfed, .loops, .lemmy:
            guard let signIn = BrowserSignIn(service: service, server: server, session: session) else {
                gtk_widget_set_sensitive(signInButton, 1)
                return say(tr("Flick does not sign in to this service."), problem: true)
            }
            mastodon = signIn
            say(tr("Waiting for your browser: finish signing in to %1$s there.").filled(server), problem: false)
            let parent = gtk_window_get_transient_for(gcast(window.raw))
            signIn.start(openBrowser: { url in
                gtk_show_uri(parent, url.absoluteString, guint32(GDK_CURRENT_TIME))
            }, completion: { [weak self] result in self?.finished(result) })
        case .bluesky:
            break // signInToBluesky()
        case .peertube:
            let name = text(user)
            guard Account.isUserName(name) else {
                say(tr("Type your user name on %1$s.").filled(server), problem: true)
                gtk_widget_set_sensitive(signInButton, 1)
                return
            }
            guard let signIn = PeerTubeSignIn(server: server, session: session) else { return }
            peerTube = signIn
            say(tr("Signing in to %1$s…").filled(server), problem: false)
            let secret = password.flatMap { gtk_editable_get_text(gopaque($0)) }.map { String(cString: $0) } ?? ""
            let otp = code.flatMap { gtk_widget_get_visible($0) != 0 ? text($0) : nil }
            signIn.start(user: name, password: secret, code: otp) { [weak self] result in self?.finished(result) }
        }
    }

    /// Bluesky: the handle and app password, sent once to the sign-in service.
    private func signInToBluesky() {
        var typed = text(server)
        if !typed.contains("://") { typed = "https://" + typed }
        guard let signIn = BlueskySignIn(service: typed, session: session) else {
            say(tr("‘%1$s’ is not an https address.").filled(text(server)), problem: true)
            return
        }
        guard let handle = BlueskyAddress.normalizedActor(text(user)) else {
            say(tr("Type your Bluesky handle, like alice.bsky.social."), problem: true)
            return
        }
        gtk_widget_set_sensitive(signInButton, 0)
        bluesky = signIn
        say(tr("Signing in to %1$s…").filled(URL(string: typed)?.host ?? typed), problem: false)
        let secret = password.flatMap { gtk_editable_get_text(gopaque($0)) }.map { String(cString: $0) } ?? ""
        signIn.startAccount(identifier: handle, appPassword: secret) { [weak self] result in self?.finished(result) }
    }

    private func finished(_ result: Result<(Account, AccountToken), SignInFailure>) {
        mastodon = nil
        peerTube = nil
        bluesky = nil
        gtk_widget_set_sensitive(signInButton, 1)
        switch result {
        case .success((let account, let token)):
            done(account, token)
            close()
        case .failure(.needsCode(let server)):
            if let code { gtk_widget_set_visible(code, 1); gtk_widget_grab_focus(code) }
            say(SignInFailure.needsCode(server: server).description, problem: true)
        case .failure(let failure):
            say(failure.description, problem: true)
        }
    }

    private func stop() {
        mastodon?.cancel()
        mastodon = nil
        peerTube?.cancel()
        peerTube = nil
        bluesky?.cancel()
        bluesky = nil
    }

    private func close() {
        stop()
        gtk_window_close(gcast(window.raw))
    }
}
