import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedUI
import Foundation

/// The sources sidebar: an `AdwFlap` beside the feed with For You first
/// (every source mixed, Ctrl+0), then one row per
/// source (its kind's icon and name; a menu to rename, move or remove it),
/// the current one selected, and Add Source… below. Shown and hidden with
/// F9 and the header's sidebar button; over the feed in a narrow window,
/// beside it in a wide one. GTK thread only.
///
/// It only shows the library and says what the user asked; the app
/// changes the library and calls ``update(_:current:)``.
@MainActor
final class SourcesSidebar {
    /// What the user asked of the sidebar, by a row's index.
    struct Requests {
        var open: @MainActor (Int) -> Void = { _ in }
        /// The For You row.
        var forYou: @MainActor () -> Void = {}
        var add: @MainActor () -> Void = {}
        var rename: @MainActor (Int) -> Void = { _ in }
        var move: @MainActor (Int, Int) -> Void = { _, _ in }
        var remove: @MainActor (Int) -> Void = { _ in }
    }

    /// The flap: put where the feed's view was, with that view as its content.
    let flap: WidgetPointer
    /// The header's toggle.
    let toggleButton: WidgetPointer
    var requests = Requests()
    /// Told when the sidebar shows or hides, or its rows change.
    var onChange: (@MainActor () -> Void)?
    /// The names shown, in order, and the selected row (for `--report-state`).
    private(set) var names: [String] = []
    private(set) var current: Int?
    /// Whether the For You row is the one selected.
    private(set) var forYouSelected = false
    /// What the Add Source dialog says while open (the app sets it).
    var preview: String? {
        didSet { if preview != oldValue { onChange?() } }
    }

    private let list: WidgetPointer
    /// The list of one row above the sources: For You.
    private let forYouList: WidgetPointer
    private var rows: [WidgetPointer] = []
    private var rowConnections: [SignalConnection] = []
    private var connections: [SignalConnection] = []
    /// Set while rows are rebuilt, so selecting the current one opens nothing.
    private var updating = false

    init(content: WidgetPointer) {
        flap = adw_flap_new()!
        let flapRef = gopaque(flap)
        adw_flap_set_content(flapRef, content)
        adw_flap_set_reveal_flap(flapRef, 0)
        adw_flap_set_fold_policy(flapRef, ADW_FLAP_FOLD_POLICY_AUTO)
        adw_flap_set_modal(flapRef, 1)
        adw_flap_set_swipe_to_open(flapRef, 0) // two-finger swipes page the feed
        Widget.setAccessibleLabel(flap, tr("Feed and sources"))

        let panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(panel, 240, -1)
        gtk_widget_add_css_class(panel, "background")
        gtk_widget_add_css_class(panel, "flick-sources")
        let heading = gtk_label_new(tr("Sources"))!
        gtk_widget_add_css_class(heading, "heading")
        gtk_widget_set_margin_top(heading, 12)
        gtk_widget_set_margin_bottom(heading, 6)
        gtk_box_append(gcast(panel), heading)

        forYouList = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(gopaque(forYouList), GTK_SELECTION_SINGLE)
        gtk_widget_add_css_class(forYouList, "navigation-sidebar")
        Widget.setAccessibleLabel(forYouList, tr("For You"))
        gtk_list_box_append(gopaque(forYouList), Self.makeForYouRow())
        gtk_box_append(gcast(panel), forYouList)

        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(gopaque(list), GTK_SELECTION_SINGLE)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        Widget.setAccessibleLabel(list, tr("Sources"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gopaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gopaque(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(gcast(panel), scroller)
        Widget.nameScrollbars(in: scroller)

        let add = gtk_button_new_with_mnemonic(tr("_Add Source…"))!
        gtk_widget_set_margin_start(add, 12)
        gtk_widget_set_margin_end(add, 12)
        gtk_widget_set_margin_top(add, 6)
        gtk_widget_set_margin_bottom(add, 12)
        gtk_box_append(gcast(panel), add)

        let separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)!
        adw_flap_set_separator(flapRef, separator)
        adw_flap_set_flap(flapRef, panel)

        toggleButton = gtk_toggle_button_new()!
        gtk_button_set_icon_name(gcast(toggleButton), "sidebar-show-symbolic")
        gtk_widget_set_tooltip_text(toggleButton, tr("Sources (F9)"))
        Widget.setAccessibleLabel(toggleButton, tr("Sources"))
        g_object_bind_property(toggleButton.rawGObject, "active", flap.rawGObject, "reveal-flap",
                               GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))

        connections += [
            Signals.connect(add, "clicked") { [weak self] in self?.requests.add() },
            Signals.connect(forYouList, "row-activated") { [weak self] (_: UnsafeMutableRawPointer?) in
                guard let self, !self.updating else { return }
                self.requests.forYou()
            },
            Signals.connect(list, "row-activated") { [weak self] (row: UnsafeMutableRawPointer?) in
                guard let self, let row, !self.updating else { return }
                self.requests.open(Int(gtk_list_box_row_get_index(gcast(row))))
            },
            Signals.connect(flap, "notify::reveal-flap") { [weak self] (_: UnsafeMutableRawPointer?) in
                self?.onChange?()
            },
        ].compactMap { $0 }
    }

    /// Whether the sidebar shows.
    var isRevealed: Bool {
        get { adw_flap_get_reveal_flap(gopaque(flap)) != 0 }
        set { adw_flap_set_reveal_flap(gopaque(flap), newValue ? 1 : 0) }
    }

    /// Shows `library`'s sources with the one at `current` selected, or For You when `forYou`.
    func update(_ library: SourceLibrary, current: Int?, forYou: Bool = false) {
        updating = true
        defer {
            updating = false
            onChange?()
        }
        names = library.entries.map(\.name)
        self.current = current
        forYouSelected = forYou
        if forYou, let row = gtk_list_box_get_row_at_index(gopaque(forYouList), 0) {
            gtk_list_box_select_row(gopaque(forYouList), row)
        } else {
            gtk_list_box_unselect_all(gopaque(forYouList))
        }
        rowConnections.removeAll()
        for row in rows { gtk_list_box_remove(gopaque(list), row) }
        rows = library.entries.enumerated().map { index, entry in makeRow(entry, index: index, count: library.entries.count) }
        for row in rows { gtk_list_box_append(gopaque(list), row) }
        if let current, rows.indices.contains(current) {
            gtk_list_box_select_row(gopaque(list), gcast(rows[current]))
        } else {
            gtk_list_box_unselect_all(gopaque(list))
        }
    }

    /// The key that opens row `number`, as the keyboard says it ("Ctrl+3").
    static func keyName(_ number: Int) -> String {
        // Translators: the key that opens a source in the sidebar, Ctrl and a digit.
        tr("Ctrl+%1$s").filled(String(number))
    }

    /// For You's row: its icon, name and key.
    private static func makeForYouRow() -> WidgetPointer {
        let row = gtk_list_box_row_new()!
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_margin_start(box, 6)
        let icon = gtk_image_new_from_icon_name("starred-symbolic")!
        Widget.setAccessibleHidden(icon, true)
        gtk_box_append(gcast(box), icon)
        let label = gtk_label_new(tr("For You"))!
        gtk_label_set_xalign(gopaque(label), 0)
        gtk_widget_set_hexpand(label, 1)
        gtk_box_append(gcast(box), label)
        let number = gtk_label_new(Self.keyName(0))!
        gtk_widget_add_css_class(number, "dim-label")
        gtk_widget_add_css_class(number, "caption")
        gtk_box_append(gcast(box), number)
        gtk_list_box_row_set_child(gcast(row), box)
        Widget.setAccessibleLabel(row, tr("For You"))
        gtk_widget_set_tooltip_text(row, tr("All your sources, mixed by what you watch"))
        return row
    }

    /// The icon each kind of source shows.
    static func iconName(_ kind: SourceLibrary.Kind) -> String {
        switch kind {
        case .demo: return "media-playback-start-symbolic"
        case .folder: return "folder-videos-symbolic"
        case .feed: return "application-rss+xml-symbolic"
        case .playlist: return "view-list-symbolic"
        case .peertube: return "video-x-generic-symbolic"
        case .mastodon: return "user-available-symbolic"
        case .bluesky: return "weather-few-clouds-symbolic"
        case .loops: return "media-playlist-repeat-symbolic"
        case .pixelfed: return "camera-photo-symbolic"
        case .lemmy: return "system-users-symbolic"
        }
    }

    private func makeRow(_ entry: SourceLibrary.Entry, index: Int, count: Int) -> WidgetPointer {
        let row = gtk_list_box_row_new()!
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_margin_start(box, 6)
        let icon = gtk_image_new_from_icon_name(Self.iconName(entry.kind))!
        Widget.setAccessibleHidden(icon, true) // the row's label names it
        gtk_box_append(gcast(box), icon)
        let label = gtk_label_new(entry.name)!
        gtk_label_set_ellipsize(gopaque(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(gopaque(label), 0)
        gtk_widget_set_hexpand(label, 1)
        gtk_box_append(gcast(box), label)
        if index < 9 {
            let number = gtk_label_new(Self.keyName(index + 1))!
            gtk_widget_add_css_class(number, "dim-label")
            gtk_widget_add_css_class(number, "caption")
            gtk_box_append(gcast(box), number)
        }
        gtk_box_append(gcast(box), menuButton(index: index, count: count, name: entry.name))
        gtk_list_box_row_set_child(gcast(row), box)
        Widget.setAccessibleLabel(row, entry.name)
        gtk_widget_set_tooltip_text(row, entry.address.isEmpty ? entry.name : entry.address)
        return row
    }

    /// The row's menu: Rename…, Move Up, Move Down, Remove.
    private func menuButton(index: Int, count: Int, name: String) -> WidgetPointer {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(gopaque(button), "view-more-symbolic")
        gtk_widget_add_css_class(button, "flat")
        Widget.setAccessibleLabel(button, tr("%1$s: more").filled(name))
        let popover = gtk_popover_new()!
        let items = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let choices: [(String, Bool, @MainActor () -> Void)] = [
            (tr("_Rename…"), true, { [weak self] in self?.requests.rename(index) }),
            (tr("Move _Up"), index > 0, { [weak self] in self?.requests.move(index, -1) }),
            (tr("Move _Down"), index < count - 1, { [weak self] in self?.requests.move(index, 1) }),
            (tr("_Remove"), count > 1, { [weak self] in self?.requests.remove(index) }),
        ]
        for (label, enabled, act) in choices {
            let item = gtk_button_new_with_mnemonic(label)!
            gtk_widget_add_css_class(item, "flat")
            gtk_widget_set_sensitive(item, enabled ? 1 : 0)
            if let child = gtk_button_get_child(gcast(item)) { gtk_label_set_xalign(gopaque(child), 0) }
            if let connection = Signals.connect(item, "clicked", { [popover] in
                gtk_popover_popdown(gcast(popover))
                act()
            }) {
                rowConnections.append(connection)
            }
            gtk_box_append(gcast(items), item)
        }
        gtk_popover_set_child(gcast(popover), items)
        gtk_menu_button_set_popover(gopaque(button), popover)
        return button
    }
}
