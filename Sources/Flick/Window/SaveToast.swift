import CGLib
import CGtk
import FeedGObject
import FeedUI

/// The toast of a save under way: "Saving “NAME”… 40%" with Cancel, kept
/// until the save ends (the feed then says how it ended). Owned by the
/// ``FlickWindow``; GTK thread only.
@MainActor
final class SaveToast {
    private var toast: GObjectRef?
    private var cancel: (() -> Void)?
    private var clicked: SignalConnection?

    /// Shows `progress` in `overlay` (an AdwToastOverlay), or dismisses the toast for nil.
    func show(_ progress: SaveProgress?, in overlay: WidgetPointer, cancel: @escaping () -> Void) {
        guard let progress else {
            if let toast { adw_toast_dismiss(gopaque(toast.raw)) }
            clicked = nil
            toast = nil
            return
        }
        self.cancel = cancel
        let title = progress.share.map {
            tr("Saving “%1$s”… %2$s%%").filled(progress.name, Translation.number(Int(($0 * 100).rounded(.down))))
        } ?? tr("Saving “%1$s”…").filled(progress.name)
        if let toast {
            if let raw = gopaque(toast.raw) { PlainText.setTitle(title, of: raw) }
            return
        }
        guard let made = PlainText.toast(title) else { return }
        adw_toast_set_timeout(made, 0)
        adw_toast_set_button_label(made, tr("Cancel"))
        toast = GObjectRef(retaining: UnsafeMutableRawPointer(made))
        clicked = Signals.connect(made, "button-clicked") { [weak self] in self?.cancel?() }
        adw_toast_overlay_add_toast(gopaque(overlay), made)
    }
}
