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
        pointer.queuedPage = nil
        let target = min(max(index, 0), count - 1)
        let instant = !animated || !Widget.animationsEnabled || abs(Double(target) - motion.position) > 1.0001
        if target != currentIndex { motion.direction = target > currentIndex ? .forward : .backward }
        currentIndex = target
        if instant {
            stopAnimation()
            motion.position = Double(target)
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
    public var isAnimating: Bool { motion.animation?.isActive ?? false }

    func stopAnimation() {
        motion.animation?.cancel()
        motion.animation = nil
    }

    /// Eases the position to `target` over about a quarter of a second.
    private func animate(to target: Int) {
        stopAnimation()
        let from = motion.position
        let distance = Double(target) - from
        guard abs(distance) > 0.0001 else {
            motion.position = Double(target)
            gtk_widget_queue_allocate(widget)
            reportState()
            return
        }
        let duration = max(Int(Double(Self.pageAnimationMicroseconds) * min(1, abs(distance) + 0.3)), 120_000)
        var start: Int?
        motion.animation = TickCallback(on: widget) { [weak self] now in
            guard let self else { return false }
            let began = start ?? now
            start = began
            let t = min(1, Double(now - began) / Double(duration))
            let eased = 1 - pow(1 - t, 3) // ease-out cubic
            self.motion.position = from + distance * eased
            gtk_widget_queue_allocate(self.widget)
            if t >= 1 {
                self.motion.position = Double(target)
                self.motion.animation = nil
                if let step = self.pointer.queuedPage {
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
