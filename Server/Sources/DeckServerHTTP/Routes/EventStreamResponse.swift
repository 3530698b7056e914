import DeckService
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// A table's event stream as a `text/event-stream` answer: a retry hint, then one event for
/// each thing the stream gives, and a comment line when it is quiet, until the stream ends, the
/// client goes away or the server shuts down.
///
/// Each stream counts against its client address's limit (``TableEvents/Settings/maxStreamsPerClient``),
/// and its connection is readied for a client that may stop reading (``EventStreamConnection``).
struct EventStreamResponse: Sendable {
    /// The table events streams are opened on.
    let events: TableEvents
    /// How long a stream's client may take no bytes before its connection is reset; `nil` for
    /// no limit.
    let writeTimeout: Duration?
    /// Whether a client is told apart by `X-Forwarded-For` (see ``ClientAddress``).
    let trustsProxy: Bool

    static let headers: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", HTTPField.Name("X-Accel-Buffering")!: "no",
    ]

    /// Opens a stream of the table `id` (see ``TableEvents/subscribe(table:token:signals:watchKey:client:)``)
    /// for the client of `request`, and answers with it; `encode` turns each table or signal
    /// event of the stream into the bytes to send (nothing, for an event this stream does not
    /// send).
    func open(
        _ request: Request, _ context: DeckRequestContext, table id: String, token: String?, signals: Bool = false,
        watchKey: String? = nil, encode: @escaping @Sendable (TableEventStream, TableEventStream.Event) throws -> ByteBuffer?
    ) async throws -> Response {
        let client = ClientAddress.of(request, context: context, trustsProxy: trustsProxy)
        let stream = try await events.subscribe(table: id, token: token, signals: signals, watchKey: watchKey, client: client)
        return response(stream, request: request, context: context) { event in try encode(stream, event) }
    }

    /// The answer streaming `stream` to the client of `request`. The answer owns the stream:
    /// it closes it when it ends, however it ends.
    private func response(
        _ stream: TableEventStream, request: Request, context: DeckRequestContext,
        events: @escaping @Sendable (TableEventStream.Event) throws -> ByteBuffer?
    ) -> Response {
        // Should the connection close before the body starts (the head never written), the
        // body never runs: its end frees the stream's place then.
        context.whenConnectionCloses { stream.close() }
        let writeTimeout = writeTimeout
        let body = ResponseBody { writer in
            defer { stream.close() }
            await context.prepareForEventStream(writeTimeout: writeTimeout)
            try await withGracefulShutdownHandler {
                // The client's end of the connection closing (a half-close included) ends the
                // stream at once, not at the next write.
                try await request.body.consumeWithInboundCloseHandler { _ in
                    // A retry hint first: EventSource waits this long before reconnecting.
                    try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                    while true {
                        let event = await stream.next()
                        switch event {
                        case .quiet:
                            try await writer.write(ByteBuffer(string: ": still here\n\n"))
                        case .closed:
                            return
                        case .view, .change:
                            if let bytes = try events(event) {
                                try await writer.write(bytes)
                                stream.sent(1)
                            }
                        case .signals(let signals):
                            if let bytes = try events(event) {
                                try await writer.write(bytes)
                                stream.sent(signals.count)
                            }
                        }
                    }
                } onInboundClosed: {
                    stream.close()
                }
            } onGracefulShutdown: {
                stream.close()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: Self.headers, body: body)
    }

    /// One event: `event:` its name unless it is a plain message, `id:` when it has one, and
    /// `data:` one line of JSON.
    static func event(_ name: String?, id: Int?, data: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(data.count + 48)
        if let name { buffer.writeString("event: \(name)\n") }
        if let id { buffer.writeString("id: \(id)\n") }
        buffer.writeString("data: ")
        buffer.writeBytes(data)
        buffer.writeString("\n\n")
        return buffer
    }
}
