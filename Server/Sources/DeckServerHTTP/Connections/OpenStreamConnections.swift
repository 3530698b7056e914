import NIOCore
import Synchronization

/// The connections serving an event stream without a task (``EventStreamHandler``), which the
/// HTTP server, waiting only for its connections' tasks, does not wait for when it stops: the
/// server waits here (``StreamDrainService``) until each has written its stream's end and
/// closed, so that no stream is cut off by the process's exit.
final class OpenStreamConnections: Sendable {
    private struct State {
        var open = 0
        /// Who waits for the last to close, by number.
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var waitersSoFar = 0
        /// The waits cancelled before they began waiting.
        var cancelled: Set<Int> = []
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
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Connections counted now.
    var count: Int { state.withLock { $0.open } }

    /// Returns once no connection is counted, or once the task is cancelled.
    func allClosed() async {
        let number = state.withLock { state in
            state.waitersSoFar += 1
            return state.waitersSoFar
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.open == 0 || state.cancelled.remove(number) != nil { return true }
                    state.waiters[number] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                let waiter = state.waiters.removeValue(forKey: number)
                if waiter == nil { state.cancelled.insert(number) }
                return waiter
            }
            waiter?.resume()
        }
    }
}
