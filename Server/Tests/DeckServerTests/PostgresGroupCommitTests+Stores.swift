import DeckService
import DeckStorePostgres
import DeckTestSupport
import Foundation
import Logging

/// The group-commit tests' stores: opened on a new database and run for a test, their changes,
/// and their one group held in flight.
extension PostgresGroupCommitTests {
    /// Opens a store on a new database of `cluster` (or of the shared cluster), runs it while
    /// `body` runs, and stops it afterwards.
    static func withStore<T>(
        cluster: PostgresCluster? = nil, _ body: (PostgresRecordStore) async throws -> T
    ) async throws -> T {
        try await withStores(1, cluster: cluster) { try await body($0[0]) }
    }

    /// Opens `count` stores on one new database of `cluster` (or of the shared cluster), as
    /// many server instances would, runs them while `body` runs, and stops them afterwards.
    static func withStores<T>(
        _ count: Int, cluster: PostgresCluster? = nil, _ body: ([PostgresRecordStore]) async throws -> T
    ) async throws -> T {
        let owner = if let cluster { cluster } else { try await PostgresCluster.shared }
        let url = try await PostgresDatabaseURL(owner.createDatabase())
        var stores: [PostgresRecordStore] = []
        var runs: [Task<Void, Never>] = []
        defer { for run in runs { run.cancel() } }
        for _ in 0..<count {
            // A record another store changed stays contended for the test's whole length, not
            // the 2 s a busy machine may spend between two of its steps.
            let store = try await PostgresRecordStore.open(url: url, contentionCalm: .seconds(3600), logger: logger)
            stores.append(store)
            runs.append(Task { await store.run() })
        }
        // Each store opens its first connections as it starts running; a test starts once
        // every store answers (on a busy machine the first connections took over the 2 s a
        // call waits for one).
        for store in stores {
            try await waitUntil("the store to answer") { (try? await store.count(.deck)) != nil }
        }
        return try await body(stores)
    }

    /// The stores' logger: quiet, or everything with `DECK_TEST_PG_TRACE` set.
    static var logger: Logger {
        var logger = Logger(label: "postgres-group-commit-test")
        logger.logLevel = ProcessInfo.processInfo.environment["DECK_TEST_PG_TRACE"] != nil ? .trace : .critical
        return logger
    }

    /// What `body` returned or threw.
    static func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    /// Appends `byte` to a record's state; the result is the new length.
    static func append(_ byte: UInt8) -> @Sendable ([UInt8]) throws -> (state: [UInt8], result: Int) {
        { state in (state + [byte], state.count + 1) }
    }

    /// Keeps the store's one group in flight until the test releases the lock this returns:
    /// another client holds the row of a record of the store's own, and the store's change to
    /// it waits for the lock (no thread waits). Changes submitted meanwhile wait, and go into
    /// one group once the lock is released. The holder's change is the task returned.
    static func occupy(_ store: PostgresRecordStore) async throws -> (lock: RowLock, holder: Task<Int?, any Error>) {
        try await store.insert(.deck, id: "holder", state: [], at: Date())
        let lock = try await RowLock.take("holder", in: store, cluster: PostgresCluster.shared)
        let holder = Task { try await store.update(.deck, id: "holder", at: Date(), append(1)) }
        try await waitUntil("the holder's change to wait for its row") { try await lock.waitingLocks() == 1 }
        return (lock, holder)
    }
}
