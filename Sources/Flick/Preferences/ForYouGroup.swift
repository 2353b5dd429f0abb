import CGLib
import CGtk
import FeedGObject
import FeedUI

/// Preferences → For You: whether Flick learns from what is watched
/// (`for-you-learning`), and "Forget what Flick learned". Both apply at
/// once; what was learned never leaves this computer, and the group says
/// so. GTK thread only.
@MainActor
enum ForYouGroup {
    /// The group; `forget` forgets (the app's ``TasteStore``).
    static func make(settings: AppSettings, connections: inout [SignalConnection],
                     forget: @escaping @MainActor () -> Void) -> WidgetPointer {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(group), tr("For You"))
        adw_preferences_group_set_description(gcast(group),
            tr("For You mixes all your sources and learns what you like from what you watch. What it learns stays on this computer: nothing is sent to any server."))
        adw_preferences_group_add(gcast(group), PreferenceRows.switchRow(
            .forYouLearning, title: tr("_Learn from what I watch"),
            subtitle: tr("Watching to the end, skipping, replays, likes and saves shape For You"), settings: settings))
        adw_preferences_group_add(gcast(group), PreferenceRows.buttonRow(
            title: tr("Forget what Flick learned"), subtitle: tr("For You starts again from an even mix of your sources"),
            button: tr("Fo_rget"), destructive: true, connections: &connections, forget))
        return group
    }
}
