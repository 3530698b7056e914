import NIOCore

/// Resets a connection whose client has stopped taking what the server writes: when bytes
/// handed to the connection have waited `timeout` to reach the socket, and none reached it
/// meanwhile, the send buffer is full because the client reads nothing.
///
/// An event stream adds it to its connection (see ``EventStreamConnection``). It sits first in
/// the pipeline, where writes are bytes, so it sees every write; a write completes when NIO has
/// given all of it to the kernel. One timer per connection, looked at again only when it fires
/// (as ``ConnectionStages`` does): a busy stream costs a promise per write and a timer per
/// `timeout`. Everything runs on the connection's event loop, and on its clock (`now`), which a
/// test's embedded loop moves.
final class WriteDeadlineHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let timeout: TimeAmount
    /// Writes handed on and not yet given to the kernel whole.
    private var waiting = 0
    /// When a write last completed, or the first of the waiting ones was handed on.
    private var lastProgress = NIODeadline.uptimeNanoseconds(0)
    private var timer: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let promise = promise ?? context.eventLoop.makePromise()
        let clock = context.eventLoop
        if waiting == 0 { lastProgress = clock.now }
        waiting += 1
        promise.futureResult.assumeIsolated().whenComplete { [self] _ in
            waiting -= 1
            lastProgress = clock.now
        }
        context.write(data, promise: promise)
        if timer == nil { schedule(context, at: lastProgress + timeout) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            guard waiting > 0 else { return }
            let due = lastProgress + timeout
            if due <= context.eventLoop.now {
                context.channel.reset()
            } else {
                schedule(context, at: due)
            }
        }
    }
}
