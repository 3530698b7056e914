import NIOCore
import NIOHTTP1

/// The rules of HTTP/1 that need the request's version, which the version-free request
/// Hummingbird hands to the router no longer has. It sits between NIO's HTTP decoder and the
/// conversion to HTTP types.
///
/// - A request without `Host` on HTTP/1.1, with more than one on any version, or with one
///   that is not `host[:port]`, is answered 400 here (after the requests before it) and the
///   connection closed, nothing after it read: it names no
///   single place it was meant for, and the server writes the host into every image link.
/// - Every answer gets `X-Content-Type-Options: nosniff`, refusals included.
/// - A request that does not keep the connection alive (HTTP/1.0 without `keep-alive`, or
///   `Connection: close`) gets `Connection: close` on its answer, and the connection is closed
///   once the answer is written.
/// - An HTTP/1.0 request's answer of unknown length (an event stream) is sent as it is, not in
///   chunks, which HTTP/1.0 does not know (RFC 9112 §6.1): an `HTTP/1.0` head, which NIO's
///   encoder does not chunk, `Connection: close`, and the connection's close ends it.
/// - Once the server begins to shut down, every answer says `Connection: close` and the
///   connection closes after it; a connection with no request under way gets a short grace
///   to deliver one already on its way, so that no request the server received goes
///   unanswered. A connection still open after ``ConnectionTimeouts/drain`` (its client reads
///   nothing, so its answer cannot end) is reset.
/// - A request that cannot be read as HTTP/1 (a head NIO's parser rejects: conflicting or
///   malformed framing headers, a bare LF, a folded header line, a preface of another
///   protocol) is answered 400 naming what was wrong, and a head past the size limit 431; the
///   connection is closed once the requests read before it are answered, and nothing after it
///   is read. An error inside a request already handed on (a bad chunk of its body) is
///   Hummingbird's to answer, the same way.
/// - It moves ``ConnectionDeadlines`` from stage to stage.
///
/// The Host check and `nosniff` were router middlewares first; here, where every request and
/// answer passes anyway, they cost nothing extra, and each middleware took about 1 % of the
/// draw mix's throughput (measured with the server pinned to one core).
final class ConnectionRulesHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// How long a connection with no request under way stays open once shutdown begins.
    static let drainGrace: TimeAmount = .milliseconds(250)

    private let deadlines: ConnectionDeadlines
    private let drainTimeout: TimeAmount
    /// Requests read whose answers are not yet written.
    private var pending = 0
    /// The HTTP versions of those requests, oldest first.
    private var versions = CircularBuffer<HTTPVersion>()
    /// Resets the connection at the end of the drain, once the server is stopping.
    private var drainDeadline: Scheduled<Void>?
    private var closeAfterAnswer = false
    private var draining = false
    /// A refusal decided (a bad Host, a head that cannot be read): nothing more is read or
    /// handed on, and the refusal is written once the requests before it are answered.
    private var refusal: (message: String, status: HTTPResponseStatus)?
    private var refusing: Bool { refusal != nil }
    /// A request's head was handed on and its end not yet: an error now is inside its body.
    private var inBody = false

    init(deadlines: ConnectionDeadlines, drainTimeout: Duration) {
        self.deadlines = deadlines
        self.drainTimeout = TimeAmount(drainTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        deadlines.start()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadlines.stop()
        drainDeadline?.cancel()
        drainDeadline = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Once a request is refused, nothing after it is answered: the connection closes.
        guard !refusing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            deadlines.headReceived()
            if let problem = Self.hostProblem(head) {
                refuse(problem, context: context)
                return
            }
            pending += 1
            inBody = true
            versions.append(head.version)
            if !head.isKeepAlive || draining { closeAfterAnswer = true }
        case .body:
            break
        case .end:
            inBody = false
            deadlines.requestReceived()
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        guard !refusing else { return }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            head.headers.add(name: "X-Content-Type-Options", value: "nosniff")
            // A 1xx other than 101 is followed by the request's real answer.
            let informational = (100..<200).contains(head.status.code) && head.status != .switchingProtocols
            let version = informational ? versions.first : versions.popFirst()
            if let version, version.major == 1, version.minor == 0, head.status.mayHaveResponseBody,
               !head.headers.contains(name: "Content-Length") {
                head.version = .http1_0
                head.headers.remove(name: "Transfer-Encoding")
                closeAfterAnswer = true
            }
            if closeAfterAnswer || draining {
                closeAfterAnswer = true
                head.headers.replaceOrAdd(name: "Connection", value: "close")
            } else if let connection = head.headers.first(name: "Connection"), connection.lowercased().contains("close") {
                closeAfterAnswer = true
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        case .body:
            break
        case .end:
            // Hummingbird's own answer to a request NIO could not parse has no head read here.
            pending = max(0, pending - 1)
            deadlines.answerSent()
            if let refusal, pending == 0 {
                // The last answer before a refused request: the refusal follows it.
                context.write(data, promise: promise)
                writeRefusal(refusal, context: context)
                return
            }
            if closeAfterAnswer, pending == 0 {
                let channel = context.channel
                let written = context.writeAndFlush(data)
                written.cascade(to: promise)
                written.whenComplete { _ in channel.close(promise: nil) }
                return
            }
        }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // A client that hangs up with no request under way is gone: close now rather than at
        // the idle timeout, so its socket and its place under --max-connections-per-client come
        // back at once. (With a request under way, the half-close is passed on and the answer
        // still written.)
        if (event as? ChannelEvent) == .inputClosed, pending == 0, deadlines.stage == .idle {
            context.close(promise: nil)
            return
        }
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // Handled here rather than by Hummingbird's connection handler, which closes an idle
        // connection at once, dropping a request that is already on its way. A stream served
        // without a task ends now.
        context.fireUserInboundEventTriggered(EventStreamHandler.StreamsShouldEnd())
        draining = true
        closeAfterAnswer = true
        drainDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: drainTimeout) {
            context.channel.reset()
        }
        guard pending == 0 else { return }
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.drainGrace) { [self] in
            if pending == 0, deadlines.stage == .idle { context.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError, !refusing, !inBody else {
            context.fireErrorCaught(error)
            return
        }
        if parseError == .headerOverflow {
            refuse("the request's head is larger than the server reads: send at most 80 KiB of request line and headers",
                   status: .requestHeaderFieldsTooLarge, context: context)
        } else {
            refuse("the request is not well-formed HTTP/1.1 (\(Self.describe(parseError))): send one request line, "
                   + "headers each on a line of their own ending in CRLF, and at most one of Content-Length or Transfer-Encoding: chunked",
                   status: .badRequest, context: context)
        }
    }

    /// What NIO's parser found wrong, in words.
    static func describe(_ error: HTTPParserError) -> String {
        switch error {
        case .unexpectedContentLength: "Content-Length given more than once, or beside Transfer-Encoding"
        case .invalidContentLength: "a Content-Length that is not a number"
        case .unknown: "framing headers that conflict or are not understood, such as Content-Length beside Transfer-Encoding, or a Transfer-Encoding other than chunked"
        case .paused: "a request to switch protocols, such as HTTP/2's preface: this server speaks HTTP/1.1"
        case .invalidVersion: "a request line without HTTP/1.0 or HTTP/1.1, or lines not ending in CRLF"
        default: error.debugDescription
        }
    }

    /// Why the request's `Host` makes it unanswerable, or `nil` when it is fine.
    static func hostProblem(_ head: HTTPRequestHead) -> String? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 { return "the request has more than one Host header: send exactly one" }
        guard let host = hosts.first else {
            guard head.version.major > 1 || head.version.minor >= 1 else { return nil }
            return "the request has no Host header: HTTP/1.1 requires one, such as Host: cards.example.org"
        }
        guard HostName.isValid(Substring(host)) else {
            // Not echoed: the value may be markup meant for a page that shows the answer.
            return "the Host header is not a host name with an optional port: send one such as cards.example.org:8080"
        }
        return nil
    }

    /// Answers `status` (400 unless told) with a JSON error and closes the connection, once the
    /// requests read before are answered; reads nothing more.
    private func refuse(_ message: String, status: HTTPResponseStatus = .badRequest, context: ChannelHandlerContext) {
        refusal = (message, status)
        if pending == 0 { writeRefusal((message, status), context: context) }
    }

    private func writeRefusal(_ refusal: (message: String, status: HTTPResponseStatus), context: ChannelHandlerContext) {
        let (message, status) = refusal
        let body = (try? AnswerEncoder().encode(ErrorJSON(message, status: .init(code: Int(status.code))))) ?? Array(#"{"success":false}"#.utf8)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in Self.closeLingering(channel) }
    }

    /// How long a refused connection still takes (and drops) what its client sends after the
    /// answer.
    static let lingering: TimeAmount = .seconds(1)

    /// Ends the server's side of `channel` at once, and the connection once the client has
    /// ended its side or after ``lingering``: closed at once with bytes unread (the rest of a
    /// 200 KB head), the connection would be reset, and the reset can take the answer out of
    /// the client's buffer before it reads it.
    static func closeLingering(_ channel: any Channel) {
        channel.close(mode: .output).whenComplete { result in
            guard case .success = result else { return channel.close(promise: nil) }
            channel.eventLoop.scheduleTask(in: lingering) { channel.close(promise: nil) }
        }
    }
}
