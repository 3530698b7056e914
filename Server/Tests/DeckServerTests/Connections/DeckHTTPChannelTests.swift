@testable import DeckServerHTTP
@testable import DeckService
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import Testing

/// The server's connection type on an `EmbeddedChannel`: what its setup builds, how the first
/// request tells a stream's connection from any other, what is held until the connection's
/// kind is settled, and the connection rules that answer a request before any route could
/// (malformed framing, an oversized head, a bad `Host`) or a peer before any request (the
/// per-address connection limit). The bytes in and out are the wire's.
@Suite("The connection type, on an embedded channel")
struct DeckHTTPChannelTests {
    /// A connection set up by ``DeckHTTPChannel`` on an embedded channel, from `address`.
    struct Connection {
        let channel: EmbeddedChannel
        let value: DeckHTTPChannel.Value

        init(
            address: String = "192.0.2.1", connections: ConnectionsPerClient = ConnectionsPerClient(limit: nil),
            timeouts: ConnectionTimeouts = ConnectionTimeouts()
        ) throws {
            channel = EmbeddedChannel()
            channel.remoteAddress = try SocketAddress(ipAddress: address, port: 40000)
            let paths = EventStreamRoutes()
            paths.add("/api/table/:table_id/events")
            let setup = DeckConnectionSetup(
                timeouts: timeouts, headLimits: DeckConnectionSetup.defaultHeadLimits, connections: connections,
                streamPaths: paths, streamWriteTimeout: nil, openStreams: OpenStreamConnections(),
                router: Router(context: DeckRequestContext.self).buildResponder())
            let deck = DeckHTTPChannel(responder: { _, _, _ in }, settings: setup)
            // A server's connection is set up once accepted, open.
            try channel.connect(to: channel.remoteAddress!).wait()
            value = try deck.setup(channel: channel, logger: Logger(label: "test")).wait()
        }

        func send(_ text: String) throws {
            try channel.writeInbound(ByteBuffer(string: text))
        }

        /// Everything written to the client so far.
        func written() throws -> String {
            var text = ""
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
            return text
        }

        /// The request parts handed on to Hummingbird so far.
        func handedOn() throws -> [HTTPRequestPart] {
            var parts: [HTTPRequestPart] = []
            while let part = try channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
            return parts
        }

        /// The connection's kind, once settled.
        var kind: DeckHTTPChannel.Kind? {
            var kind: DeckHTTPChannel.Kind?
            value.kind.whenSuccess { kind = $0 }
            return kind
        }

        /// A connection whose first request, in `bytes`, made it a stream's; a test that wants one
        /// fails when it is anything else.
        static func stream(sent bytes: String) throws -> Connection {
            let connection = try Connection()
            try connection.send(bytes)
            guard case .stream = connection.kind else { throw NotAStream(kind: connection.kind) }
            return connection
        }

        /// A connection's first request did not make it a stream's.
        struct NotAStream: Error, CustomStringConvertible {
            let kind: DeckHTTPChannel.Kind?
            var description: String { "not a stream's connection: \(String(describing: kind))" }
        }
    }

    @Test("a first GET of a stream path is a stream's connection, trailing slashes and doubled slashes too; nothing reaches Hummingbird and nothing more is read")
    func streamFirst() throws {
        for path in ["/api/table/abc/events?token=t", "/api/table/abc/events/", "//api/table/abc//events"] {
            let connection = try Connection()
            try connection.send("GET \(path) HTTP/1.1\r\nHost: cards.example.org\r\n\r\nGET /healthz HTTP/1.1\r\nHost: cards.example.org\r\n\r\n")
            guard case .stream(let head) = connection.kind else {
                Issue.record("\(path): \(String(describing: connection.kind))")
                continue
            }
            #expect(head.path == path)
            #expect(try connection.handedOn().isEmpty, "a stream's request, and what follows it, stay held")
            #expect(try connection.written().isEmpty)
            _ = try? connection.channel.finish()
        }
    }

    @Test("any other first request makes an HTTP connection: it is held until Hummingbird is set up, then handed on whole, in order")
    func httpFirst() throws {
        for request in ["GET /healthz HTTP/1.1", "POST /api/table/abc/events HTTP/1.1", "HEAD /api/table/abc/events HTTP/1.1", "GET /api/table/abc/events/extra HTTP/1.1"] {
            let connection = try Connection()
            try connection.send("\(request)\r\nHost: cards.example.org\r\nContent-Length: 2\r\n\r\nhiGET /next HTTP/1.1\r\nHost: a\r\n\r\n")
            guard case .http = connection.kind else {
                Issue.record("\(request): \(String(describing: connection.kind))")
                continue
            }
            #expect(try connection.handedOn().isEmpty, "held until Hummingbird's handler is there")
            connection.value.handler?.value.passOn()
            let parts = try connection.handedOn()
            #expect(parts.count == 5, "\(parts)")
            if case .head(let head) = parts.first { #expect("\(head.method) \(head.path ?? "") HTTP/1.1" == request) } else { Issue.record("\(parts)") }
            if case .body(let body) = parts[1] { #expect(String(buffer: body) == "hi") } else { Issue.record("\(parts)") }
            if case .head(let next) = parts[3] { #expect(next.path == "/next") } else { Issue.record("\(parts)") }
            _ = try? connection.channel.finish()
        }
    }

    @Test("a refused stream is answered once, then the connection serves what came after it as HTTP")
    func refusedStream() throws {
        let connection = try Connection.stream(sent: "GET /api/table/abc/events HTTP/1.1\r\nHost: a\r\n\r\nGET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        let handler = try #require(connection.value.handler).value
        handler.answer(HTTPResponse(status: .notFound, headerFields: [.contentLength: "2"]), body: ByteBuffer(string: "no"))
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 404 Not Found\r\n") && answer.hasSuffix("\r\n\r\nno"), "\(answer)")
        #expect(answer.contains("X-Content-Type-Options: nosniff"))
        #expect(try connection.handedOn().isEmpty)
        handler.passOn()
        let parts = try connection.handedOn()
        #expect(parts.count == 2, "only the request after the stream's is handed on: \(parts)")
        if case .head(let head) = parts.first { #expect(head.path == "/healthz") }
        _ = try? connection.channel.finish()
    }

    @Test("malformed framing is answered 400 naming what is wrong, and the connection closed at once", arguments: [
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", "Content-Length beside Transfer-Encoding"),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", "Content-Length given more than once"),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, identity\r\n\r\n", "a Transfer-Encoding other than chunked"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: a\r\n b\r\n\r\n", "invalid character in header"),
        ("GET / HTTP/1.1\nHost: a\n\n", "lines not ending in CRLF"),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +0\r\n\r\n", "a Content-Length that is not a number"),
        ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "HTTP/2's preface"),
    ])
    func malformedFraming(request: String, named: String) throws {
        let connection = try Connection()
        try? connection.send(request)
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(answer)")
        #expect(answer.contains("Connection: close") && answer.contains(named), "\(answer)")
        #expect(!connection.channel.isActive, "the connection is closed")
        #expect(try connection.handedOn().isEmpty, "nothing reaches a route")
    }

    @Test("a head over 80 KiB is answered 431 and the connection closed")
    func oversizedHead() throws {
        let connection = try Connection()
        try? connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "a", count: 200_000))\r\n\r\n")
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(answer.prefix(200))")
        #expect(!connection.channel.isActive)
    }

    @Test("a missing or doubled Host is answered 400 before any route, and the connection closed")
    func hostRules() throws {
        for request in ["GET /healthz HTTP/1.1\r\n\r\n", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "GET /api/table/abc/events HTTP/1.1\r\n\r\n"] {
            let connection = try Connection()
            try connection.send(request)
            if case .http = connection.kind { connection.value.handler?.value.passOn() }
            let answer = try connection.written()
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && answer.contains("Host"), "\(answer)")
            #expect(try connection.handedOn().isEmpty)
            #expect(!connection.channel.isActive)
        }
    }

    @Test("past --max-connections-per-client a peer's new connection is closed at once; a closed one gives its place back; other peers are not counted with it")
    func connectionsPerClient() throws {
        let limit = ConnectionsPerClient(limit: 2)
        let first = try Connection(connections: limit)
        let second = try Connection(connections: limit)
        #expect(limit.count(of: "192.0.2.1") == 2)
        let third = try Connection(connections: limit)
        if case .closed = third.kind {} else { Issue.record("the third connection was \(String(describing: third.kind))") }
        #expect(!third.channel.isActive)
        let other = try Connection(address: "192.0.2.2", connections: limit)
        #expect(other.channel.isActive && other.kind == nil)
        _ = try first.channel.finish()
        #expect(limit.count(of: "192.0.2.1") == 1)
        let again = try Connection(connections: limit)
        #expect(again.channel.isActive)
        _ = try? second.channel.finish()
        _ = try? again.channel.finish()
        _ = try? other.channel.finish()
    }

    /// A stream a route opened, with no table behind it.
    private static func openedStream() -> OpenedEventStream {
        OpenedEventStream(stream: TableEventStream(table: "abc", seat: nil, wantsSignals: false) { _ in }) { _ in nil }
    }

    @Test("a stream's request with more sent after it is not served: the stream ends and the connection closes, unanswered")
    func moreAfterStreamRequest() throws {
        let connection = try Connection.stream(sent: "GET /api/table/abc/events HTTP/1.1\r\nHost: a\r\n\r\nGET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        let opened = Self.openedStream()
        try #require(connection.value.handler).value.serve(opened, head: HTTPResponse(status: .ok))
        #expect(try connection.written().isEmpty)
        #expect(!connection.channel.isActive)
        if case .closed = opened.stream.poll() {} else { Issue.record("the stream goes on") }
    }

    @Test("the server stopping while a stream's request is answered ends the stream as soon as it is served, with the chunked end")
    func stoppingBeforeServed() throws {
        let connection = try Connection.stream(sent: "GET /api/table/abc/events HTTP/1.1\r\nHost: a\r\n\r\n")
        connection.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        let opened = Self.openedStream()
        try #require(connection.value.handler).value.serve(opened, head: HTTPResponse(status: .ok))
        connection.channel.embeddedEventLoop.run()
        let written = try connection.written()
        #expect(written.hasPrefix("HTTP/1.1 200 OK\r\n") && written.hasSuffix("0\r\n\r\n"), "\(written)")
        #expect(!connection.channel.isActive)
        _ = try? connection.channel.finish()
    }

    /// Records what reaches the end of the pipeline, where Hummingbird's handlers sit.
    final class Recorder: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPRequestPart
        var seen: [String] = []

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .head(let head) = unwrapInboundIn(data) { seen.append(head.path ?? "") }
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if (event as? ChannelEvent) == .inputClosed { seen.append("input closed") }
        }
    }

    @Test("a half-close that comes before Hummingbird is set up reaches it, after the request held")
    func halfCloseWhileHeld() throws {
        let connection = try Connection()
        let recorder = Recorder()
        try connection.channel.pipeline.syncOperations.addHandler(recorder)
        try connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        connection.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(recorder.seen.isEmpty, "held until Hummingbird's handlers are there")
        try #require(connection.value.handler).value.passOn()
        #expect(recorder.seen == ["/healthz", "input closed"])
        _ = try? connection.channel.finish()
    }

    @Test("a client that hangs up before any request is closed at once, and gives its place under the per-client limit back")
    func hangUpWhileIdle() throws {
        let limit = ConnectionsPerClient(limit: 1)
        let connection = try Connection(connections: limit)
        #expect(limit.count(of: "192.0.2.1") == 1)
        connection.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(!connection.channel.isActive, "closed, not left for the idle timeout")
        connection.channel.embeddedEventLoop.run()
        #expect(limit.count(of: "192.0.2.1") == 0)
        let again = try Connection(connections: limit)
        #expect(again.channel.isActive)
        _ = try? again.channel.finish()
    }

    @Test("a request refused for its Host is answered after the requests before it, and nothing after it is handed on")
    func refusalAfterPipelined() throws {
        let connection = try Connection()
        try connection.send(
            "GET /first HTTP/1.1\r\nHost: a\r\n\r\nGET /no-host HTTP/1.1\r\n\r\nGET /after HTTP/1.1\r\nHost: a\r\n\r\n")
        try #require(connection.value.handler).value.passOn()
        let parts = try connection.handedOn()
        #expect(parts.count == 2, "only the first request is handed on: \(parts)")
        if case .head(let head) = parts.first { #expect(head.path == "/first") }
        #expect(try connection.written().isEmpty, "the refusal waits for the first request's answer")
        try connection.channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok, headerFields: [.contentLength: "0"])))
        try connection.channel.writeOutbound(HTTPResponsePart.end(nil))
        let written = try connection.written()
        #expect(written.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(written)")
        let refusal = try #require(written.range(of: "\r\n\r\nHTTP/1.1 400 Bad Request\r\n"), "\(written)")
        #expect(written[refusal.upperBound...].contains("no Host header"))
        #expect(!connection.channel.isActive)
    }
}
