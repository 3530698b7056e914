import Synchronization

extension PostgresRecordStore {
    /// Whether the work on a leased connection began: set once, by the lease or by the deadline.
    final class LeaseStart: Sendable {
        private let state = Atomic<UInt8>(0)

        /// Marks the work as begun; `false` when the deadline passed first.
        func begin() -> Bool {
            state.compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged
        }

        /// Marks the deadline as passed; `false` when the work began first.
        func expire() -> Bool {
            state.compareExchange(expected: 0, desired: 2, ordering: .relaxed).exchanged
        }
    }

    /// Runs `work`, which leases a connection and calls `begin()` on the `LeaseStart` it gets
    /// before using it; when no connection was leased within `wait`, the work is cancelled and
    /// this throws ``LeaseTimeout``. Once the work began it runs to its end, however long: a
    /// transaction is never abandoned between its statements.
    static func withLeaseDeadline<T: Sendable>(
        _ wait: Duration, timer: CoarseTimer, _ work: @escaping @Sendable (LeaseStart) async throws -> T
    ) async throws -> T {
        let start = LeaseStart()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work(start) }
            group.addTask {
                await timer.sleep(for: wait)
                return nil
            }
            while let outcome = try await group.next() {
                if let value = outcome {
                    group.cancelAll()
                    return value
                }
                if start.expire() {
                    group.cancelAll()
                    throw LeaseTimeout(wait: wait)
                }
            }
            throw LeaseTimeout(wait: wait)
        }
    }

    /// No connection could be leased in time.
    struct LeaseTimeout: Error, CustomStringConvertible {
        let wait: Duration
        var description: String { "no connection within \(wait.components.seconds) s" }
    }
}
