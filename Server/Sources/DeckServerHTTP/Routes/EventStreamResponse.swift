import DeckService
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A table's event stream as a `text/event-stream` answer: a retry hint, then one event for
/// each thing the stream gives, and a comment line when it is quiet, until the stream ends, the
/// client goes away or the server shuts down.
///
/// A stream route answers as any route does, through the router and its middlewares. When the
/// stream is a connection's first request, the route leaves the stream to the connection
/// (``EventStreamTakeover``), which serves it without a task (``EventStreamHandler``); one
/// opened later on a kept-alive connection is served from the request's task, as
/// ``response(_:request:context:)``. Each stream takes one of the server's places and counts
/// against its client address's limit (``StreamPlaces``) until it closes, and its connection is
/// readied for a client that may stop reading (``EventStreamConnection``).
struct EventStreamResponse: Sendable {
    /// Opens the stream a request asks for; `nil` for HEAD.
    typealias Open = @Sendable (Request, DeckRequestContext) async throws -> OpenedEventStream?

    /// The table events streams are opened on.
    let events: TableEvents
    /// The places streams take, in all and by client address.
    let places: StreamPlaces
    /// How long a stream's client may take no bytes before its connection is reset; `nil` for
    /// no limit.
    let writeTimeout: Duration?
    /// Whether a client is told apart by `X-Forwarded-For` (see ``ClientAddress``).
    let trustsProxy: Bool

    static let headers: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", HTTPField.Name("X-Accel-Buffering")!: "no",
    ]

    /// The event-stream paths, for connections whose first request opens a stream (see
    /// ``EventStreamHandler``).
    let routes = EventStreamRoutes()

    /// The events' bytes, encoded once per snapshot and audience for all the streams that send
    /// them.
    let encodings = SnapshotEncodings()

    /// Registers the event-stream route `path` (a GET; HEAD gets the head alone): `open` opens
    /// the stream of a request, `nil` for HEAD, which must not take one of the bounded streams.
    func add(_ path: String, to registrar: APIRegistrar, open: @escaping Open) {
        routes.add(path)
        registrar.get(path) { [self] request, context in
            guard let opened = try await open(request, context) else { return Response(status: .ok, headers: Self.headers) }
            if let takeover = EventStreamTakeover.current {
                takeover.take(opened)
                return Response(status: .ok, headers: Self.headers)
            }
            return response(opened, request: request, context: context)
        }
    }

    /// Opens a stream of the table `id` (see ``TableEvents/subscribe(table:token:signals:watchKey:)``)
    /// for the client of `request`, in a place of ``places`` that comes back when the stream
    /// closes; `encode` turns each table or signal event of the stream into the bytes to send
    /// (nothing, for an event this stream does not send).
    func open(
        _ request: Request, _ context: DeckRequestContext, table id: String, token: String?, signals: Bool = false,
        watchKey: String? = nil, encode: @escaping @Sendable (TableEventStream, TableEventStream.Event) throws -> ByteBuffer?
    ) async throws -> OpenedEventStream {
        let client = ClientAddress.of(request, context: context, trustsProxy: trustsProxy)
        try places.take(for: client)
        let stream: TableEventStream
        do {
            stream = try await events.subscribe(table: id, token: token, signals: signals, watchKey: watchKey)
        } catch {
            places.giveBack(for: client)
            throw error
        }
        stream.whenClosed { [places] in places.giveBack(for: client) }
        return OpenedEventStream(stream: stream) { event in try encode(stream, event) }
    }

    /// The answer streaming `opened` to the client of `request`, from the request's task. The
    /// answer owns the stream: it closes it when it ends, however it ends.
    private func response(_ opened: OpenedEventStream, request: Request, context: DeckRequestContext) -> Response {
        let stream = opened.stream
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
                    try await writer.write(Self.retryHint)
                    while true {
                        let event = await stream.next()
                        guard let bytes = try opened.bytes(of: event) else {
                            if case .closed = event { return }
                            continue
                        }
                        try await writer.write(bytes)
                        opened.written(event)
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

    /// The first bytes of every stream: EventSource waits this long before reconnecting.
    static let retryHint = ByteBuffer(string: "retry: 2000\n\n")

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
