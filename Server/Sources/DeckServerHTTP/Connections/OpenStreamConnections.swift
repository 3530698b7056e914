import NIOCore
import Synchronization

/// The connections serving an event stream without a task (``EventStreamHandler``), which the
/// HTTP server, waiting only for its connections' tasks, does not wait for when it stops: the
/// server waits here (``StreamDrainService``) until each has written its stream's end and
/// closed, so that no stream is cut off by the process's exit.
final class OpenStreamConnections: Sendable {
    private struct State {
        var open = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init() {}

    /// Counts `channel` until it closes.
    func add(_ channel: any Channel) {
        state.withLock { $0.open += 1 }
        channel.closeFuture.whenComplete { [self] _ in
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.open -= 1
                guard state.open == 0 else { return [] }
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Connections counted now.
    var count: Int { state.withLock { $0.open } }

    /// Returns once no connection is counted.
    func allClosed() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.open == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
