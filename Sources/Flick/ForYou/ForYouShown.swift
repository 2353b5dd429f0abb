import FeedSources

/// For You while it shows: the mix and what learns from it. GTK thread only.
@MainActor
struct ForYouShown {
    let source: ForYouSource
    let learner: ForYouLearner
    /// "Show fewer like this" paged on from the post with this id: once
    /// the feed settles on another, the posts after it are picked again by
    /// what was just learned.
    var remixAfterLeaving: String?
}
