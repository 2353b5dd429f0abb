import FeedMedia
/// `manifest.json`: written last, so its presence means every file before it is complete.
struct DemoMediaManifest: Codable, Equatable {
    /// Bumped when the pictures or clips change look, so old caches are remade.
    static let currentVersion = 1

    var version: Int
    var library: DemoMediaLibrary
}
