// Pure: values only, imports Foundation at most.

/// Which pages have widgets, and how to move from one set to the next.
///
/// Only a small window of pages around the current one is mounted, so the
/// number of page widgets stays bounded in an endless feed. When the current
/// page changes, widgets that fall out of the window are rebound to the
/// indices that enter it rather than destroyed and created again: rebinding
/// keeps the widget (and its GL texture) alive, which is far cheaper.
public enum MountWindow {
    /// Indices that have page widgets: `current - radius ... current + radius`
    /// clipped to `0..<count`; empty when `count == 0`. `current` is clamped
    /// into the feed first, and a negative radius counts as 0.
    ///
    /// - Parameters:
    ///   - current: the current page index.
    ///   - count: items in the feed.
    ///   - radius: pages kept mounted on each side of the current one.
    public static func range(current: Int, count: Int, radius: Int = 2) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let current = min(max(current, 0), count - 1)
        let radius = max(radius, 0)
        return max(current - radius, 0)..<(min(current + radius, count - 1) + 1)
    }

    /// One change to the set of mounted page widgets.
    public enum Operation: Sendable, Equatable, Codable {
        /// Create a page widget for this index.
        case mount(Int)
        /// Destroy the page widget at this index.
        case unmount(Int)
        /// Rebind the widget at `from` to the item at `to`.
        case move(from: Int, to: Int)
    }

    /// Minimal operations to go from one window to another.
    ///
    /// Indices in both windows stay untouched. Leaving and arriving indices
    /// are paired in ascending order and each pair becomes a `move`; leaving
    /// indices left over are unmounted, arriving ones left over are mounted.
    /// Operations come in that order: moves, then unmounts, then mounts.
    public static func operations(from old: Range<Int>, to new: Range<Int>) -> [Operation] {
        let leaving = old.filter { !new.contains($0) }
        let arriving = new.filter { !old.contains($0) }
        let pairs = min(leaving.count, arriving.count)
        var result: [Operation] = []
        for i in 0..<pairs {
            result.append(.move(from: leaving[i], to: arriving[i]))
        }
        result += leaving.dropFirst(pairs).map { .unmount($0) }
        result += arriving.dropFirst(pairs).map { .mount($0) }
        return result
    }
}
