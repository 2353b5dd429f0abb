import CGLib
import CGtk
import FeedGObject
import FeedMedia
import Foundation

/// The action rail on the right of a page, above the caption: the like
/// button with its count, then copy link and open in the browser; and the
/// heart that bursts over the page when a post is liked. Every button
/// triggers one of the feed's actions (`like`, `copy-link`,
/// `open-in-browser`), so keys and clicks do the same. GTK thread only.
@MainActor
final class LikeRail {
    /// The rail (button over count), placed by the page.
    let widget: WidgetPointer
    /// The big heart of the burst, centred over the page.
    let burst: WidgetPointer
    private let button: WidgetPointer
    private let count: WidgetPointer
    /// Copy link and open in the browser (hidden on skeletons with the rail).
    private let share: WidgetPointer
    private let open: WidgetPointer
    /// More: Save (not for a file of this computer, which is saved
    /// already) and the post's captions languages when it has several;
    /// hidden when it would be empty.
    private let more: WidgetPointer
    /// What the More menu lists now: Save, and the captions languages' tags.
    private var listed: (save: Bool, languages: [String], qualities: [String], mix: Bool) = (true, [], [], false)
    private var burstTimer: MainLoopSource?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        Widget.addClasses(widget, "flick-like-rail")
        gtk_widget_set_halign(widget, GTK_ALIGN_END)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_margin_end(widget, 12)
        gtk_widget_set_margin_bottom(widget, 120)
        button = gtk_button_new_with_label("♡")!
        Widget.addClasses(button, "circular", "osd", "flick-like")
        gtk_widget_set_tooltip_text(button, tr("Like (L)"))
        gtk_actionable_set_action_name(gopaque(button), FeedAction.like.detailedName)
        count = gtk_label_new(nil)!
        Widget.addClasses(count, "flick-like-count")
        Widget.setAccessibleHidden(count, true)
        gtk_box_append(gcast(widget), button)
        gtk_box_append(gcast(widget), count)
        share = Self.actionButton(icon: "edit-copy-symbolic", label: tr("Copy the link"), tooltip: tr("Copy the link (Ctrl+C)"),
                                  action: .copyLink)
        open = Self.actionButton(icon: "web-browser-symbolic", label: tr("Open in the browser"), tooltip: tr("Open in the browser"),
                                 action: .openInBrowser)
        gtk_widget_set_margin_top(share, 10)
        gtk_box_append(gcast(widget), share)
        gtk_box_append(gcast(widget), open)
        more = gtk_menu_button_new()!
        Widget.addClasses(more, "circular", "osd", "flick-rail-action")
        gtk_menu_button_set_icon_name(gopaque(more), "view-more-symbolic")
        gtk_widget_set_tooltip_text(more, tr("More"))
        Widget.setAccessibleLabel(more, tr("More"))
        gtk_box_append(gcast(widget), more)

        burst = gtk_label_new("♥")!
        Widget.addClasses(burst, "flick-heart-burst")
        gtk_widget_set_halign(burst, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(burst, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(burst, 0)
        gtk_widget_set_visible(burst, 0)
        listed = (false, [""], [], false) // differs from any real listing: the first one builds the menu
        showMenu(save: true, captions: [])
    }

    /// A round button over the page for a feed action, with the words
    /// screen readers say and a tooltip naming its key.
    private static func actionButton(icon: String, label: String, tooltip: String, action: FeedAction) -> WidgetPointer {
        let button = gtk_button_new_from_icon_name(icon)!
        Widget.addClasses(button, "circular", "osd", "flick-rail-action")
        gtk_widget_set_tooltip_text(button, tooltip)
        Widget.setAccessibleLabel(button, label)
        gtk_actionable_set_action_name(gopaque(button), action.detailedName)
        return button
    }

    /// Names the open button for what it opens: the post's page or file in
    /// the browser, or a file of this computer in the file manager.
    func showOpens(localFile: Bool) {
        let label = localFile ? tr("Show in Files") : tr("Open in the browser")
        gtk_button_set_icon_name(gcast(open), localFile ? "folder-open-symbolic" : "web-browser-symbolic")
        gtk_widget_set_tooltip_text(open, label)
        Widget.setAccessibleLabel(open, label)
    }

    /// The More menu: Save when `save`, and a Captions section choosing
    /// among `captions` (tag and name) when there are any; rebuilt only
    /// when what it lists changes.
    /// `qualities`: the renditions a post of several offers, Automatic first
    /// (its `index` nil), each with its name; empty for media of one.
    /// `mix`: a For You post, with "Show fewer like this" and "Why am I seeing this?" first.
    func showMenu(save: Bool, captions: [(tag: String, name: String)], qualities: [(index: Int?, name: String)] = [],
                  mix: Bool = false) {
        let languages = captions.map(\.tag)
        let qualityNames = qualities.map(\.name)
        guard listed.save != save || listed.languages != languages || listed.qualities != qualityNames || listed.mix != mix else { return }
        listed = (save, languages, qualityNames, mix)
        let menu = g_menu_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(menu)) }
        if mix {
            let section = g_menu_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(section)) }
            g_menu_append(section, tr("Show _fewer like this"), FeedAction.showFewer.detailedName)
            g_menu_append(section, tr("_Why am I seeing this?"), FeedAction.whyThisPost.detailedName)
            g_menu_append_section(menu, nil, gcast(section))
        }
        if save { g_menu_append(menu, tr("_Save the post"), FeedAction.save.detailedName) }
        if !captions.isEmpty {
            let section = g_menu_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(section)) }
            for caption in captions {
                let target = g_variant_new_string(caption.tag)
                let item = g_menu_item_new(tr("Captions: %1$s").filled(caption.name), nil)!
                g_menu_item_set_action_and_target_value(item, Self.captionAction, target)
                g_menu_append_item(section, item)
                g_object_unref(UnsafeMutableRawPointer(item))
            }
            g_menu_append_section(menu, nil, gcast(section))
        }
        if !qualities.isEmpty {
            let section = g_menu_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(section)) }
            for quality in qualities {
                let item = g_menu_item_new(tr("Quality: %1$s").filled(quality.name), nil)!
                g_menu_item_set_action_and_target_value(item, Self.qualityAction, g_variant_new_int32(Int32(quality.index ?? -1)))
                g_menu_append_item(section, item)
                g_object_unref(UnsafeMutableRawPointer(item))
            }
            g_menu_append_section(menu, nil, gcast(section))
        }
        gtk_menu_button_set_menu_model(gopaque(more), gcast(menu))
        gtk_widget_set_visible(more, save || mix || !captions.isEmpty || !qualities.isEmpty ? 1 : 0)
    }

    /// The captions languages the More menu lists now (tags).
    var listedLanguages: [String] { listed.languages }
    /// The qualities the More menu lists now (names, Automatic first).
    var listedQualities: [String] { listed.qualities }

    /// The feed's action a Quality entry triggers, with the rendition's
    /// index in its master (-1: automatic).
    static let qualityAction = "feed.rendition"

    /// The feed's action a Captions entry triggers, with the language's tag.
    static let captionAction = "feed.caption-language"

    /// Shows the like state; `likes` nil hides the count.
    func show(liked: Bool, likes: Int?) {
        gtk_button_set_label(gcast(button), liked ? "♥" : "♡")
        if liked { gtk_widget_add_css_class(button, "liked") } else { gtk_widget_remove_css_class(button, "liked") }
        Widget.setAccessibleLabel(button, Self.spokenName(liked: liked, likes: likes))
        // The heart and the count are in the button's name: a screen reader
        // hears them once, not as "♡" and a bare number beside it.
        if let heart = gtk_button_get_child(gcast(button)) { Widget.setAccessibleHidden(heart, true) }
        gtk_label_set_text(gopaque(count), likes.map { Self.format($0) } ?? "")
        gtk_widget_set_visible(count, likes == nil ? 0 : 1)
    }

    /// What screen readers call the like button: its state, then the count
    /// when the feed gives one ("Like, 12 likes", "Liked, 1 like", "Like").
    static func spokenName(liked: Bool, likes: Int?) -> String {
        let state = liked ? tr("Liked") : tr("Like")
        guard let likes else { return state }
        // Translators: the like button's state ("Liked"), then its count ("12 likes").
        return trc("like button", "%1$s, %2$s").filled(state, trn("%1$s like", "%1$s likes", likes).filled(Translation.number(likes)))
    }

    /// The heart burst: shown for a moment (its CSS animation does the rest;
    /// with animations off it simply shows and hides).
    func playBurst() {
        gtk_widget_set_visible(burst, 1)
        burstTimer?.cancel()
        burstTimer = MainLoopSource.after(milliseconds: 700) { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(self.burst, 0)
        }
    }

    /// 1234 → "1.2K", like the feeds people know.
    static func format(_ likes: Int) -> String {
        switch likes {
        case ..<1000: return "\(likes)"
        case ..<1_000_000: return String(format: "%.1fK", Double(likes) / 1000).replacingOccurrences(of: ".0K", with: "K")
        default: return String(format: "%.1fM", Double(likes) / 1_000_000).replacingOccurrences(of: ".0M", with: "M")
        }
    }
}
