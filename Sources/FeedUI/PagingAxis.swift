/// Which way the feed pages: up and down (the short-video feed) or left
/// and right (stories). Keys page the same way in both.
public enum PagingAxis: String, Sendable, CaseIterable {
    case vertical
    case horizontal
}
