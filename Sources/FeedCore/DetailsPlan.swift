// Pure: values only, imports Foundation at most.

/// Which posts' details to fetch now, for a source whose lists give no
/// playable address (PeerTube): the posts the preload plan is about to
/// play, prepare or preload, in the plan's order — never the whole list.
/// A post whose details are already here, on their way or failed is
/// not `waiting`.
public enum DetailsPlan {
    /// The plan's indices whose video work needs the media address
    /// (play, prepare, startup) and that are `waiting`, most urgent first.
    public static func indices(in plan: PreloadPlan, waiting: Set<Int>) -> [Int] {
        plan.entries.filter { entry in
            waiting.contains(entry.index) && [.play, .prepare, .startup].contains(entry.video)
        }.map(\.index)
    }
}
