/// Who hears from a ``RangeFetch``: its owner's progress and completion,
/// and the others who wait on the same bytes (`watch`). The completion is
/// nil once the fetch has ended. GTK thread only, owned by one fetch.
@MainActor
struct FetchListeners {
    typealias Progress = @MainActor (Int64) -> Void
    typealias Completion = @MainActor (FetchResult) -> Void

    /// The owner's: the offset reached after each chunk lands.
    var progress: Progress?
    /// The owner's: once, at the end.
    var completion: Completion?
    /// Others waiting on this fetch's bytes.
    var watchers: [(progress: Progress, completion: Completion)] = []

    /// Tells everyone the kept bytes now reach `offset`.
    func reached(_ offset: Int64) {
        progress?(offset)
        for watcher in watchers { watcher.progress(offset) }
    }

    /// Ends: every listener is let go, then told `result` once, the owner first.
    mutating func finish(with result: FetchResult) {
        guard let completion else { return }
        let waiting = watchers
        self = FetchListeners()
        completion(result)
        for watcher in waiting { watcher.completion(result) }
    }
}
