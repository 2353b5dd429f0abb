import CGLib
import CGtk
import FeedCore
import FeedMedia
import Foundation

/// Moving between pages: programmatic scrolling and the settle animation.
extension FeedView {
    /// Settle time for one page, in microseconds.
    static let pageAnimationMicroseconds: Int = 260_000

    /// Goes to `index` (clamped to the feed). Moves of more than one page,
    /// and every move while the system has animations turned off, are instant.
    public func scroll(to index: Int, animated: Bool = true) {
        guard count > 0 else { return }
        // A move asked for now replaces a wheel page waiting for the last one.
        queuedPage = nil
        let target = min(max(index, 0), count - 1)
        let instant = !animated || !Widget.animationsEnabled || abs(Double(target) - position) > 1.0001
        if target != currentIndex { direction = target > currentIndex ? .forward : .backward }
        currentIndex = target
        if instant {
            stopAnimation()
            position = Double(target)
        }
        remount()
        if instant {
            gtk_widget_queue_allocate(widget)
            reportState()
            return
        }
        animate(to: target)
        reportState()
    }

    /// One page towards the end.
    public func next() { scroll(to: currentIndex + 1) }
    /// One page towards the start.
    public func previous() { scroll(to: currentIndex - 1) }

    /// Whether a settle animation is running.
    public var isAnimating: Bool { animation?.isActive ?? false }

    func stopAnimation() {
        animation?.cancel()
        animation = nil
    }

    /// Eases the position to `target` over about a quarter of a second.
    private func animate(to target: Int) {
        stopAnimation()
        let from = position
        let distance = Double(target) - from
        guard abs(distance) > 0.0001 else {
            position = Double(target)
            gtk_widget_queue_allocate(widget)
            reportState()
            return
        }
        let duration = max(Int(Double(Self.pageAnimationMicroseconds) * min(1, abs(distance) + 0.3)), 120_000)
        var start: Int?
        animation = TickCallback(on: widget) { [weak self] now in
            guard let self else { return false }
            let began = start ?? now
            start = began
            let t = min(1, Double(now - began) / Double(duration))
            let eased = 1 - pow(1 - t, 3) // ease-out cubic
            self.position = from + distance * eased
            gtk_widget_queue_allocate(self.widget)
            if t >= 1 {
                self.position = Double(target)
                self.animation = nil
                if let step = self.queuedPage {
                    self.scroll(to: self.currentIndex + step, animated: true)
                } else {
                    self.reportState()
                }
                return false
            }
            return true
        }
    }
}
