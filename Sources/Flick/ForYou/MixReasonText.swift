import FeedCore
import FeedGObject

/// "Why am I seeing this?" in plain words: the one or two reasons the mix
/// gave for a post (FeedCore's ``MixPlan/Reason``), each a sentence, the
/// same text `--report-state` prints as `mix_reason`.
enum MixReasonText {
    /// `name`: what the sidebar calls a source, by its address. No reason
    /// known (a post not picked by the mix) says what ``MixPlan/Reason/mix`` says.
    static func text(_ reasons: [MixPlan.Reason], name: (String) -> String) -> String {
        (reasons.isEmpty ? [.mix] : reasons).map { sentence($0, name: name) }.joined(separator: " ")
    }

    static func sentence(_ reason: MixPlan.Reason, name: (String) -> String) -> String {
        switch reason {
        // Translators: a hashtag's name follows the #.
        case .likedTag(let tag): return tr("You watch #%1$s to the end.").filled(tag)
        case .likedAuthor(let author): return tr("You like what %1$s posts.").filled(author)
        case .likedSource(let source): return tr("You watch %1$s to the end.").filled(name(source))
        case .rareSource(let source): return tr("New from %1$s, a source you rarely open.").filled(name(source))
        case .fresh: return tr("Posted in the last day.")
        case .exploring: return tr("Exploring: something different.")
        case .mix: return tr("Your sources take turns in the mix.")
        }
    }
}
