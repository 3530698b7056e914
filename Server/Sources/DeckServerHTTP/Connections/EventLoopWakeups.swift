import NIOCore
import Synchronization

/// Work handed to one event loop from other threads, run by one task of the loop however much
/// is handed in before it runs: a table change wakes its streams' loop once, not once a stream
/// (each `execute` from another thread wakes the loop's thread).
final class EventLoopWakeups: Sendable {
    private let eventLoop: any EventLoop
    private let waiting = Mutex<(jobs: [@Sendable () -> Void], scheduled: Bool)>(([], false))

    private init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    private static let byLoop = Mutex<[ObjectIdentifier: EventLoopWakeups]>([:])

    /// The one for `eventLoop` (made once; a server has a few loops for its whole life).
    static func of(_ eventLoop: any EventLoop) -> EventLoopWakeups {
        byLoop.withLock { $0[ObjectIdentifier(eventLoop), default: EventLoopWakeups(eventLoop: eventLoop)] }
    }

    /// Runs `job` on the loop, soon, after the jobs handed in before it.
    func run(_ job: @escaping @Sendable () -> Void) {
        let wake = waiting.withLock { waiting in
            waiting.jobs.append(job)
            defer { waiting.scheduled = true }
            return !waiting.scheduled
        }
        if wake { eventLoop.execute { self.runWaiting() } }
    }

    private func runWaiting() {
        let jobs = waiting.withLock { waiting in
            defer { waiting = ([], false) }
            return waiting.jobs
        }
        for job in jobs { job() }
    }
}
