import FeedSources

/// For You while it shows: the mix and what learns from it. GTK thread only.
@MainActor
struct ForYouShown {
    let source: ForYouSource
    let learner: ForYouLearner
}
