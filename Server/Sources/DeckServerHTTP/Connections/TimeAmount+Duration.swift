import NIOCore

extension TimeAmount {
    /// NIO's time amount for `duration`, truncated to the nanosecond (the settings are `Duration`s).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
