import NIOCore
import NIOPosix

/// The client's event-loop threads and what runs on each. With one thread (the default) the
/// streams, the setup and the load share it; with more, the load (and the setup and the draw
/// loop) gets the last one to itself and the streams are spread over the others.
struct ClientLoops: Sendable {
    let group: MultiThreadedEventLoopGroup
    /// Every loop, each once: the threads whose CPU the client counts.
    let all: [EventLoop]
    let streams: [EventLoop]
    let load: EventLoop

    init(threads: Int) {
        group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        all = Array(group.makeIterator())
        load = all[all.count - 1]
        streams = threads == 1 ? all : Array(all.dropLast())
    }

    func shutdown() async {
        try? await group.shutdownGracefully()
    }
}
