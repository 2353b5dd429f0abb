// Pure: values only, imports Foundation at most.

/// How a new item list relates to the one on screen.
///
/// A page load usually appends, and then nothing on screen must move. A
/// refresh replaces the list; then the pager must stay on the item the user
/// was watching (found by id) so playback carries on instead of jumping.
public enum ItemDiff {
    /// The list on screen, the new list, and the current position.
    public struct Input: Sendable, Equatable, Codable {
        /// Item ids on screen, in order.
        public var old: [String]
        /// Item ids of the new list, in order.
        public var new: [String]
        /// The current index in `old`, or nil when nothing is current.
        public var currentIndex: Int?

        /// Creates an input from ids.
        public init(old: [String], new: [String], currentIndex: Int? = nil) {
            self.old = old
            self.new = new
            self.currentIndex = currentIndex
        }

        /// Creates an input from items, keyed by their ids.
        public init(old: [FeedItem], new: [FeedItem], currentIndex: Int? = nil) {
            self.init(old: old.map(\.id), new: new.map(\.id), currentIndex: currentIndex)
        }
    }

    /// What kind of change the new list is.
    public enum Change: Sendable, Equatable, Codable {
        /// The same ids in the same order.
        case unchanged
        /// The old list followed by these new indices.
        case append(Range<Int>)
        /// Anything else: the pager reloads its pages.
        case replace
    }

    /// The change and where the pager should be afterwards.
    public struct Result: Sendable, Equatable, Codable {
        /// Append, replace or nothing.
        public var change: Change
        /// The index in the new list to show: where the current item went
        /// when it is still there, else the old index clamped into the new
        /// list; nil when nothing was current or the new list is empty.
        public var currentIndex: Int?
        /// Whether the current item is still in the new list (so its player
        /// and page can be kept).
        public var currentKept: Bool
        /// Ids that appear more than once in the new list, in order of their
        /// first repeat; a feed bug worth logging, since ids key page bindings.
        public var duplicateIDs: [String]

        /// Creates a result.
        public init(change: Change, currentIndex: Int?, currentKept: Bool, duplicateIDs: [String]) {
            self.change = change
            self.currentIndex = currentIndex
            self.currentKept = currentKept
            self.duplicateIDs = duplicateIDs
        }
    }

    /// Compares the lists. An empty old list that gains items is an append.
    /// When the current id appears several times in a replacing list, the
    /// occurrence nearest the old index wins.
    public static func diff(_ input: Input) -> Result {
        let duplicates = duplicateIDs(in: input.new)
        let old = input.old, new = input.new
        let oldCurrent = input.currentIndex.flatMap { old.indices.contains($0) ? $0 : nil }

        if new == old || (new.count > old.count && new.starts(with: old)) {
            let change: Change = new == old ? .unchanged : .append(old.count..<new.count)
            return Result(change: change, currentIndex: clamp(input.currentIndex, into: new.count),
                          currentKept: oldCurrent != nil, duplicateIDs: duplicates)
        }
        guard let oldCurrent else {
            return Result(change: .replace, currentIndex: clamp(input.currentIndex, into: new.count),
                          currentKept: false, duplicateIDs: duplicates)
        }
        let id = old[oldCurrent]
        let found = new.indices.filter { new[$0] == id }
            .min { (abs($0 - oldCurrent), $0) < (abs($1 - oldCurrent), $1) }
        if let found {
            return Result(change: .replace, currentIndex: found, currentKept: true, duplicateIDs: duplicates)
        }
        return Result(change: .replace, currentIndex: clamp(oldCurrent, into: new.count),
                      currentKept: false, duplicateIDs: duplicates)
    }

    private static func clamp(_ index: Int?, into count: Int) -> Int? {
        guard let index, count > 0 else { return nil }
        return min(max(index, 0), count - 1)
    }

    private static func duplicateIDs(in ids: [String]) -> [String] {
        var seen = Set<String>(), reported = Set<String>(), duplicates: [String] = []
        for id in ids where !seen.insert(id).inserted && reported.insert(id).inserted {
            duplicates.append(id)
        }
        return duplicates
    }
}
