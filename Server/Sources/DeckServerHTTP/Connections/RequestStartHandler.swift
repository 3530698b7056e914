import NIOCore

/// The first handler of a connection: tells ``ConnectionDeadlines`` when bytes arrive, so that
/// a request's head is timed from its first byte.
final class RequestStartHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let deadlines: ConnectionDeadlines

    init(deadlines: ConnectionDeadlines) {
        self.deadlines = deadlines
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        deadlines.bytesArrived()
        context.fireChannelRead(data)
    }
}
