// Pure: values only, imports Foundation at most.

/// When a player falls back from a hardware video decoder to software: a
/// binding (one post loaded in one player) whose hardware decoder fails
/// is tried once more with hardware decoders skipped; a software decoder's
/// failure, or a second one, is the post's error. A new binding starts
/// with hardware allowed again. The owner (FeedMedia's `DecoderWatch`)
/// keeps one under its lock and reports what its pipeline plugs; the
/// table `decoder-fallback.json` is the spec.
public struct DecoderFallback: Sendable, Equatable {
    /// The video decoder the binding plugged last; nil before one is.
    public private(set) var plugged: DecoderKind?
    /// Whether hardware decoders are skipped for the rest of the binding.
    public private(set) var softwareOnly = false

    public init() {}

    /// A new binding: it forgets the last one's decoder and fallback.
    public mutating func restart() {
        plugged = nil
        softwareOnly = false
    }

    /// The binding opens again (a retry, a seek that rebuilds): its decoder
    /// is plugged anew, the fallback stays.
    public mutating func reopen() {
        plugged = nil
    }

    /// The pipeline plugged a video decoder of `kind` (anything else is ignored).
    public mutating func plug(_ kind: DecoderKind) {
        guard kind != .other else { return }
        plugged = kind
    }

    /// The binding failed: true when it is to be tried again with software
    /// decoders only (a hardware decoder was plugged and it has not fallen
    /// back yet); from then on ``allows(_:)`` refuses hardware decoders.
    public mutating func failed() -> Bool {
        guard plugged == .hardwareVideoDecoder, !softwareOnly else { return false }
        softwareOnly = true
        plugged = nil
        return true
    }

    /// Whether the decoder chooser may try a decoder of `kind`.
    public func allows(_ kind: DecoderKind) -> Bool {
        !(softwareOnly && kind == .hardwareVideoDecoder)
    }
}
