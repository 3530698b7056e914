import NIOCore

/// What an event stream's connection is given when the stream begins, so that a client that
/// stops reading costs little and not for long: a small send buffer, at most one event waiting
/// for it in the server, and a write deadline.
enum EventStreamConnection {
    /// The socket send buffer of a stream's connection (Linux doubles it for its own
    /// bookkeeping). The kernel's default grows to megabytes under autotuning, all of which a
    /// client that reads nothing would pin; a stream sends the newest state, so a large buffer
    /// only holds stale events.
    static let sendBufferBytes = 64 * 1024

    /// Caps the send buffer of `channel` and, with a `writeTimeout`, adds a
    /// ``WriteDeadlineHandler`` that resets the connection once its client has taken no bytes
    /// for that long.
    static func prepare(_ channel: any Channel, writeTimeout: Duration?) async {
        try? await channel.eventLoop.submit { try prepareOnEventLoop(channel, writeTimeout: writeTimeout) }.get()
    }

    /// ``prepare(_:writeTimeout:)``, on the channel's event loop.
    static func prepareOnEventLoop(_ channel: any Channel, writeTimeout: Duration?) throws {
        try channel.syncOptions?.setOption(ChannelOptions.socketOption(.so_sndbuf), value: sendBufferBytes)
        // The connection stops taking writes as soon as anything waits for the socket: a stream
        // keeps the newest state in its mailbox, not a queue of old ones here (NIO's default
        // lets 64 KiB wait, which 2,000 stalled readers made 128 MB).
        try channel.syncOptions?.setOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 1, high: 1))
        if let writeTimeout {
            try channel.pipeline.syncOperations.addHandler(WriteDeadlineHandler(timeout: TimeAmount(writeTimeout)), position: .first)
        }
    }
}
