import PostgresNIO
import Synchronization

/// Connections leased from the pool, with a deadline for the lease.
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
        _ wait: Duration, timer: CoarseTimer<some Clock<Duration>>, _ work: @escaping @Sendable (LeaseStart) async throws -> T
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

    /// Runs `body` on a pooled connection; throws `unavailable` when none is to be had within
    /// ``connectionWait`` or the database cannot be reached, and an internal failure when the
    /// database refuses a query. Its success counts as a sign that the database answers, unless
    /// `notingSuccess` is false.
    func withConnection<T: Sendable>(
        notingSuccess: Bool = true, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let client = pool.client
        do {
            let value = try await Self.withLeaseDeadline(connectionWait, timer: timer) { started in
                try await client.withConnection { connection in
                    // A lease granted just as the wait ran out is handed back unused.
                    guard started.begin() else { throw CancellationError() }
                    return try await body(connection)
                }
            }
            if notingSuccess { pool.noteSuccess() }
            return value
        } catch {
            throw failure(error)
        }
    }
}
