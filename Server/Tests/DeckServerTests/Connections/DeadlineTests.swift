@testable import DeckServerHTTP
import NIOCore
import NIOEmbedded
import Testing

/// The two deadlines that end a connection whose client reads nothing, on an embedded event
/// loop's clock, which the test moves: the stream's write deadline (`--stream-write-timeout`)
/// and the drain once the server stops (`--drain-timeout`). Each fires exactly at its time,
/// never sooner; the end-to-end tests show the same against real sockets.
@Suite("The write deadline and the drain, on an embedded clock")
struct DeadlineTests {
    /// Stands for a socket whose client reads nothing: it holds every write's promise until the
    /// test lets the kernel take that write, and fails those still held when the connection
    /// closes, as a socket does.
    final class StalledSocket: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = IOData
        var held: [EventLoopPromise<Void>] = []

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if let promise { held.append(promise) }
        }

        func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
            let unsent = held
            held = []
            for write in unsent { write.fail(ChannelError.ioOnClosedChannel) }
            context.close(mode: mode, promise: promise)
        }

        /// The kernel takes the oldest write held.
        func takeOne() {
            held.removeFirst().succeed()
        }
    }

    /// An open embedded connection with the write deadline of `timeout` and a stalled socket
    /// under it.
    static func stalledStream(timeout: TimeAmount) throws -> (EmbeddedChannel, StalledSocket) {
        let socket = StalledSocket()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(socket)
        try channel.pipeline.syncOperations.addHandler(WriteDeadlineHandler(timeout: timeout))
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.1", port: 40000)).wait()
        return (channel, socket)
    }

    @Test("a write that waits --stream-write-timeout with nothing taken meanwhile resets the connection, not a moment sooner")
    func writeDeadline() throws {
        let (channel, _) = try Self.stalledStream(timeout: .seconds(30))
        channel.writeAndFlush(ByteBuffer(string: "event: view\n\n"), promise: nil)
        channel.embeddedEventLoop.advanceTime(by: .seconds(30) - .nanoseconds(1))
        #expect(channel.isActive, "closed before the deadline")
        channel.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(!channel.isActive, "open past the deadline")
    }

    @Test("each write the client takes moves the deadline on; a connection that takes everything is never reset")
    func progressMovesTheDeadline() throws {
        let (channel, socket) = try Self.stalledStream(timeout: .seconds(30))
        channel.writeAndFlush(ByteBuffer(string: "one"), promise: nil)
        channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        channel.writeAndFlush(ByteBuffer(string: "two"), promise: nil)
        socket.takeOne()
        // 20 s in, the first write was taken: the second has 30 s from now.
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive, "reset though the client took a write 29 s ago")
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive, "open 30 s after the client last took anything")

        let (calm, calmSocket) = try Self.stalledStream(timeout: .seconds(30))
        for _ in 0..<10 {
            calm.writeAndFlush(ByteBuffer(string: "event"), promise: nil)
            calmSocket.takeOne()
            calm.embeddedEventLoop.advanceTime(by: .seconds(29))
        }
        calm.embeddedEventLoop.advanceTime(by: .hours(1))
        #expect(calm.isActive, "a reading client's connection was reset")
        _ = try? calm.finish()
    }

    @Test("once the server stops, a connection whose answer cannot end is closed at --drain-timeout, not before; an idle one within the grace")
    func drainDeadline() throws {
        var timeouts = ConnectionTimeouts()
        timeouts.drain = .seconds(2)
        let busy = try DeckHTTPChannelTests.Connection(timeouts: timeouts)
        // A request handed on and never answered: its client reads nothing, so it cannot end.
        try busy.send("GET /openapi.json HTTP/1.1\r\nHost: a\r\n\r\n")
        busy.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        busy.channel.embeddedEventLoop.advanceTime(by: .seconds(2) - .nanoseconds(1))
        #expect(busy.channel.isActive, "closed before the drain's end")
        busy.channel.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(!busy.channel.isActive, "open past the drain's end")

        let idle = try DeckHTTPChannelTests.Connection(timeouts: timeouts)
        idle.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        idle.channel.embeddedEventLoop.advanceTime(by: ConnectionRulesHandler.drainGrace - .nanoseconds(1))
        #expect(idle.channel.isActive, "an idle connection closed before its grace, dropping a request on its way")
        idle.channel.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(!idle.channel.isActive, "an idle connection open past its grace")
    }
}
