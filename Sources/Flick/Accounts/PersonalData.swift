import FeedMedia
import FeedSources

/// What the user keeps of their own beyond settings: the accounts signed
/// in to with their tokens, the likes kept on this computer, and what For
/// You learned. Made when the window is; GTK thread only.
@MainActor
final class PersonalData {
    let accounts: AccountKeeper
    let likes: LocalLikeStore
    let taste: TasteStore

    init(accounts: AccountKeeper, likes: LocalLikeStore, taste: TasteStore) {
        self.accounts = accounts
        self.likes = likes
        self.taste = taste
    }
}
