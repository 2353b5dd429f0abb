import FeedCore

/// Bounds of a fetch whose whole file is read for a decoder (a picture):
/// its size counted as it arrives, and one deadline for all of it.
public struct FetchLimits: Sendable, Equatable {
    /// Bytes the file may have.
    public var maxBytes: Int64
    /// Seconds the whole download may take.
    public var seconds: Int

    public init(maxBytes: Int64, seconds: Int) {
        self.maxBytes = maxBytes
        self.seconds = seconds
    }

    package var tooLarge: FetchFailure {
        FetchFailure(code: .imageDecodeFailed, message: "it is larger than \(maxBytes / 1_048_576) MiB")
    }
}
