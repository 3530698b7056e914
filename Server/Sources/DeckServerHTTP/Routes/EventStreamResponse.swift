import DeckService
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// A table's event stream as a `text/event-stream` answer: a retry hint, then one event for
/// each thing the stream gives, and a comment line when it is quiet, until the stream ends, the
/// client goes away or the server shuts down.
enum EventStreamResponse {
    static let headers: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", HTTPField.Name("X-Accel-Buffering")!: "no",
    ]

    /// The answer streaming `stream` to the client of `request`; `events` turns each table or
    /// signal event into the bytes to send (nothing, for an event this stream does not send).
    /// The answer owns the stream: it closes it when it ends, however it ends.
    static func response(
        _ stream: TableEventStream, request: Request, context: DeckRequestContext,
        events: @escaping @Sendable (TableEventStream.Event) throws -> ByteBuffer?
    ) -> Response {
        // Should the connection close before the body starts (the head never written), the
        // body never runs: its end frees the stream's place then.
        context.whenConnectionCloses { stream.close() }
        let body = ResponseBody { writer in
            defer { stream.close() }
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
                        case .view, .change, .signals:
                            if let bytes = try events(event) { try await writer.write(bytes) }
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
        return Response(status: .ok, headers: headers, body: body)
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
