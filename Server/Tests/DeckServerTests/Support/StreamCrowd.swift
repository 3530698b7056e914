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

/// Reads an event stream's bytes, finding each `id: N` line (the answer's head and chunk
/// sizes around it do not matter), across reads.
private final class IDReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let found: (Int) -> Void
    private var line: [UInt8] = []

    init(found: @escaping (Int) -> Void) { self.found = found }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        for byte in unwrapInboundIn(data).readableBytesView {
            guard byte == UInt8(ascii: "\n") else {
                if line.count < 32 { line.append(byte) }
                continue
            }
            if line.starts(with: Array("id: ".utf8)), let id = Int(String(decoding: line.dropFirst(4), as: UTF8.self)) { found(id) }
            line.removeAll(keepingCapacity: true)
        }
    }
}
