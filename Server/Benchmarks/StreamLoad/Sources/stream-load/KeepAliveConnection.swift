import DeckTestSupport
import NIOCore
import NIOPosix

/// A server's answer to one request: its status, its body, and when its last byte arrived.
struct Answer: Sendable {
    var status: Int
    var body: ByteBuffer
    var time: UInt64

    /// The body as text, for messages.
    var text: String { String(buffer: body) }
}

/// Why a request got no answer.
struct ConnectionError: Error, CustomStringConvertible {
    var description: String
}

/// One keep-alive HTTP/1.1 connection to a server, one request at a time; it connects on the
/// first request and again after the server closed it. Used only on its event loop: its
/// completions run there.
final class KeepAliveConnection {
    typealias Completion = (Result<Answer, Error>) -> Void

    let loop: EventLoop
    let server: ServerURL
    private var channel: Channel?
    private var handler: AnswerHandler?
    private var connecting = false
    /// The request waiting for the connection to be made.
    private var waiting: (ByteBuffer, Completion)?

    init(loop: EventLoop, server: ServerURL) {
        self.loop = loop
        self.server = server
    }

    /// Sends `method path` (with `Authorization: Bearer token` when there is one) and calls
    /// `completion` with the answer. The previous request must have been answered.
    func send(_ method: String, _ path: String, token: String? = nil, completion: @escaping Completion) {
        loop.preconditionInEventLoop()
        var request = ByteBuffer()
        request.reserveCapacity(160 + path.utf8.count)
        request.writeString("\(method) \(path) HTTP/1.1\r\nHost: \(server.hostHeader)\r\nContent-Length: 0\r\n")
        if let token { request.writeString("Authorization: Bearer \(token)\r\n") }
        request.writeString("\r\n")
        if let channel, let handler, channel.isActive, !handler.closing {
            handler.expect(completion)
            channel.writeAndFlush(request, promise: nil)
            return
        }
        waiting = (request, completion)
        guard !connecting else { return }
        connecting = true
        ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(AnswerHandler()) }
            }
            .connect(to: server.address)
            .assumeIsolated()
            .whenComplete { result in self.connected(result) }
    }

    /// Closes the connection.
    func close() {
        channel?.close(promise: nil)
        channel = nil
    }

    private func connected(_ result: Result<Channel, Error>) {
        connecting = false
        guard let (request, completion) = waiting else { return }
        waiting = nil
        switch result {
        case .success(let channel):
            let handler = try! channel.pipeline.syncOperations.handler(type: AnswerHandler.self)
            self.channel = channel
            self.handler = handler
            handler.expect(completion)
            channel.writeAndFlush(request, promise: nil)
        case .failure(let error):
            completion(.failure(ConnectionError(description: "cannot connect to \(server): \(error)")))
        }
    }
}

/// Reads the answers of a ``KeepAliveConnection``: a head, then a body framed by
/// `Content-Length` or in chunks, handed to the completion the connection set.
private final class AnswerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var completion: KeepAliveConnection.Completion?
    private var received = ByteBuffer()
    private var head: ResponseHead?
    private var chunks = ChunkedDecoder()
    private var body = ByteBuffer()
    /// Set once the server said it closes the connection, or closed it.
    private(set) var closing = false

    func expect(_ completion: @escaping KeepAliveConnection.Completion) {
        precondition(self.completion == nil, "one request at a time")
        self.completion = completion
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if received.readableBytes == 0 {
            received = bytes
        } else {
            received.writeBuffer(&bytes)
        }
        while let answer = nextAnswer() {
            if head?.closes == true || answer.status == 0 {
                closing = true
                context.close(promise: nil)
            }
            head = nil
            chunks = ChunkedDecoder()
            let completion = self.completion
            self.completion = nil
            completion?(.success(answer))
        }
        // An empty buffer stays as it is: the next read replaces it without a copy.
        if received.readableBytes > 0 { received.discardReadBytes() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        closing = true
        let completion = self.completion
        self.completion = nil
        completion?(.failure(ConnectionError(description: "the server closed the connection before answering")))
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    /// The answer complete in `received`, taken out of it.
    private func nextAnswer() -> Answer? {
        if head == nil {
            guard let length = received.withUnsafeReadableBytes({ ResponseHead.length(in: $0) }) else { return nil }
            head = received.withUnsafeReadableBytes { ResponseHead(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
            received.moveReaderIndex(forwardBy: length)
            body.clear()
        }
        guard let head else { return nil }
        if head.chunked {
            received.withUnsafeReadableBytes { bytes in
                chunks.feed(bytes) { body.writeBytes($0) }
            }
            received.moveReaderIndex(to: received.writerIndex)
            guard chunks.isFinished else { return nil }
            return Answer(status: head.status, body: body, time: Clock.now())
        }
        let length = head.contentLength ?? 0
        guard received.readableBytes >= length else { return nil }
        return Answer(status: head.status, body: received.readSlice(length: length)!, time: Clock.now())
    }
}
