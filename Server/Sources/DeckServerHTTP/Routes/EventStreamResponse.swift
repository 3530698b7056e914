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

    /// The answer streaming `stream`; `events` turns each table or signal event into the bytes
    /// to send (nothing, for an event this stream does not send).
    static func response(
        _ stream: TableEventStream, context: DeckRequestContext,
        events: @escaping @Sendable (TableEventStream.Event) throws -> ByteBuffer?
    ) -> Response {
        // A client that goes away frees its place at once, not at the next keep-alive write.
        context.whenConnectionCloses { stream.close() }
        let body = ResponseBody { writer in
            defer { stream.close() }
            try await withGracefulShutdownHandler {
                // A retry hint first: EventSource waits this long before reconnecting.
                try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                while true {
                    let event = await stream.next()
                    switch event {
                    case .quiet:
                        try await writer.write(ByteBuffer(string: ": still here\n\n"))
                    case .closed:
                        try await writer.finish(nil)
                        return
                    case .view, .change, .signals:
                        if let bytes = try events(event) { try await writer.write(bytes) }
                    }
                }
            } onGracefulShutdown: {
                stream.close()
            }
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
