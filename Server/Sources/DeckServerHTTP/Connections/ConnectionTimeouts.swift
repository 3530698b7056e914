/// How long a connection may take at each stage before the server closes it, so that clients
/// that stall, on purpose or not, cannot hold connections (and file descriptors) for ever.
public struct ConnectionTimeouts: Sendable, Hashable {
    /// A kept-alive connection with no request begun: from the end of the last answer (or the
    /// connection's start) to the first byte of the next request.
    public var idle: Duration = .seconds(60)
    /// From a request's first byte to the end of its head (request line and headers).
    public var head: Duration = .seconds(10)
    /// From the end of a request's head to the end of its body.
    public var body: Duration = .seconds(30)
    /// From the moment the server begins to stop: every connection still open then (an answer
    /// its client does not read, an event stream that cannot write its end) is reset, so that
    /// the server stops within this time whatever clients do.
    public var drain: Duration = .seconds(10)

    /// The defaults: 60 s idle, 10 s for a head, 30 s for a body, 10 s to drain.
    public init() {}
}
