import FeedMedia
import FeedSources

/// What the user keeps of their own beyond settings: the accounts signed
/// in to with their tokens, and the likes kept on this computer. Made
/// when the window is; GTK thread only.
@MainActor
final class PersonalData {
    let accounts: AccountKeeper
    let likes: LocalLikeStore

    init(accounts: AccountKeeper, likes: LocalLikeStore) {
        self.accounts = accounts
        self.likes = likes
    }
}
