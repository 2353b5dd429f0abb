import CGLib
import CGtk
import FeedMedia

/// Keyboard input routed through actions: the view installs a `feed` action
/// group on itself and a shortcut controller that triggers those actions
/// while the focus is in the feed. The controller runs in the capture phase,
/// so the window's arrow-key focus navigation never sees the paging keys.
extension FeedView {
    func installActions() {
        let group = g_simple_action_group_new()!
        for action in FeedAction.allCases {
            let simple = g_simple_action_new(action.name, nil)!
            if let connection = Signals.connect(simple, "activate", { [weak self] (_: UnsafeMutableRawPointer?) in
                self?.perform(action)
            }) {
                connections.append(connection)
            }
            g_action_map_add_action(gopaque(group), simple)
            g_object_unref(simple.rawGObject)
        }
        gtk_widget_insert_action_group(widget, "feed", gopaque(group))
        g_object_unref(group.rawGObject)

        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_set_scope(gopaque(shortcuts), GTK_SHORTCUT_SCOPE_LOCAL)
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE)
        for action in FeedAction.allCases {
            for accelerator in action.accelerators {
                guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else { continue }
                let named = gtk_named_action_new(action.detailedName)
                gtk_shortcut_controller_add_shortcut(gopaque(shortcuts), gtk_shortcut_new(trigger, named))
            }
        }
        gtk_widget_add_controller(widget, shortcuts)
    }

    /// Carries out `action`.
    public func perform(_ action: FeedAction) {
        switch action {
        case .nextPage: next()
        case .previousPage: previous()
        case .firstPage: scroll(to: 0)
        case .lastPage: scroll(to: count - 1)
        }
    }
}
