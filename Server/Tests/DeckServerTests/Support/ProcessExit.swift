import Synchronization

/// The end of a child process, for tasks to wait for: ``signal()`` is called from the
/// process's termination handler.
///
/// Foundation's `waitUntilExit()` turns a run loop that, on a thread with nothing else to run,
/// returns at once: it keeps a core busy for as long as it waits.
final class ProcessExit: Sendable {
    private struct State {
        var exited = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// The process has exited: every waiter goes on, and later waits return at once.
    func signal() {
        let waiters = state.withLock { state in
            state.exited = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the process has exited.
    func wait() async {
        await withCheckedContinuation { continuation in
            let exited = state.withLock { state in
                if !state.exited { state.waiters.append(continuation) }
                return state.exited
            }
            if exited { continuation.resume() }
        }
    }
}
