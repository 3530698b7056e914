import NIOCore

extension TimeAmount {
    /// The same span as NIO's time amount, to the nanosecond (the settings are `Duration`s).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
