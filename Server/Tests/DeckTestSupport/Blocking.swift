import Foundation

/// Runs `body`, which blocks (it waits for a process, a socket or a pipe), on a thread of its
/// own, and waits for it without holding a thread.
///
/// Swift's concurrency runs tasks on as many threads as the machine has cores: two here. A test
/// that blocks one of them for seconds, while another does the same, stops every other test
/// of the process for as long (their sleeps, timeouts and streams included), which made
/// unrelated tests fail by timing out in the full suite.
///
/// The body runs to its end even when the waiting task is cancelled: give it a time limit.
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Runs `body`, which blocks and cannot fail, on a thread of its own (see the throwing form).
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
