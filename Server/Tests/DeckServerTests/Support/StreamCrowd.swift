import DeckTestSupport
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Many event streams of a server at once, on one event-loop thread: each connection asks for
/// one stream and either reads it, keeping the highest event `id` seen, or reads nothing at
/// all (a small receive buffer and no reads after the connection opens), as a client that
/// stalled would.
final class StreamCrowd: Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let channels = Mutex<[any Channel]>([])
    private let seen: Mutex<[Int]> = Mutex([])

    /// How many reading streams have seen an event with an `id` of at least `version`, by
    /// stream (in the order opened); `versions[i]` is the highest id stream `i` saw.
    var versions: [Int] { seen.withLock { $0 } }

    /// Opens a stream of `path` on the server at `port`; a `silent` one never reads. With
    /// `afterRequest`, the connection's first request is a `GET /healthz` and the stream its
    /// second, served from the request's task.
    func open(port: Int, path: String, silent: Bool = false, afterRequest: Bool = false) async throws {
        let index = silent ? nil : seen.withLock { $0.append(0); return $0.count - 1 }
        let bootstrap = ClientBootstrap(group: group)
            .channelOption(ChannelOptions.socketOption(.so_rcvbuf), value: silent ? 2048 : 65536)
            .channelOption(ChannelOptions.autoRead, value: !silent)
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    if let index { try channel.pipeline.syncOperations.addHandler(IDReader { id in self.saw(id, stream: index) }) }
                }
            }
        let channel = try await bootstrap.connect(host: "127.0.0.1", port: port).get()
        channels.withLock { $0.append(channel) }
        let first = afterRequest ? "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n" : ""
        let request = first + "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        try await channel.writeAndFlush(ByteBuffer(string: request)).get()
    }

    private func saw(_ id: Int, stream: Int) {
        seen.withLock { $0[stream] = max($0[stream], id) }
    }

    /// Closes every connection and stops the thread.
    func close() async {
        for channel in channels.withLock({ $0 }) { try? await channel.close() }
        try? await group.shutdownGracefully()
    }
}

/// Reads one stream's answer with DeckTestSupport's ``EventStreamAnswerReader``, handing on
/// each event's `id`.
private final class IDReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let found: (Int) -> Void
    private var answer = EventStreamAnswerReader()

    init(found: @escaping (Int) -> Void) { self.found = found }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        unwrapInboundIn(data).withUnsafeReadableBytes { answer.feed($0, id: found) }
    }
}
