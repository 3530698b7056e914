public import DeckService
public import Foundation
import GRDB
import DeckStoreSupport

/// The embedded store: one SQLite file in WAL mode, through one GRDB connection that holds the
/// file's lock for as long as the server runs.
///
/// Each change runs in an immediate write transaction that reads, changes and writes one row, so
/// changes to a deck are serialised and none is lost or applied twice; changes to one deck that
/// arrive while its transaction is in flight go together into the next one (``ChangeBatcher``).
/// A change is committed
/// to the write-ahead log before ``update(_:id:at:_:)`` returns: a killed server process loses
/// nothing it acknowledged. (WAL runs with `synchronous = NORMAL`, so a power cut may lose the
/// last transactions; the file stays consistent.)
///
/// Nearly every request changes a deck, so readers in other connections would gain nothing;
/// one connection in exclusive locking mode spares SQLite its file locks and shared memory on
/// every transaction, which doubled `/healthz` and made a draw a quarter faster. A second
/// server started on the same folder is refused with a clear error instead of sharing the file.
public final class SQLiteRecordStore: RecordStore {
    private let database: DatabaseQueue
    private let batcher = ChangeBatcher()

    /// The file name inside the data folder.
    public static let fileName = "decks.sqlite"

    /// Opens (creating and migrating when needed) the database in `folder`, creating the folder.
    ///
    /// - Throws: ``ServiceError`` (`unavailable`) naming the path when it cannot be opened.
    public init(folder: String) throws {
        let path = (folder as NSString).appendingPathComponent(Self.fileName)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(3)
            configuration.label = "deck-server"
            configuration.journalMode = .wal
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                // A checkpoint (with its fsync) stalls every request queued behind it; small,
                // frequent ones kept the draw mix's p99 near 11 ms, against 21 ms at SQLite's
                // default of 1,000 pages and over 100 ms at 10,000.
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 200")
            }
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            throw ServiceError(.unavailable, .store, "cannot open the SQLite database at \(path): another deck-server is using it; give each server its own --data folder, or share one PostgreSQL with --database")
        } catch {
            throw ServiceError(.unavailable, .store, "cannot open the SQLite database at \(path): \(Self.describe(error))")
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: records") { db in
            try db.execute(sql: """
                CREATE TABLE records (
                    kind TEXT NOT NULL,
                    id TEXT NOT NULL,
                    state BLOB NOT NULL,
                    changed_at DOUBLE NOT NULL,
                    PRIMARY KEY (kind, id)
                ) WITHOUT ROWID;
                CREATE INDEX records_by_change ON records (changed_at);
                """)
        }
        migrator.registerMigration("v2: health probe") { db in
            try db.execute(sql: "CREATE TABLE health_probe (id INTEGER PRIMARY KEY, checked_at DOUBLE NOT NULL)")
        }
        // A WITHOUT ROWID table keeps whole rows in its key's b-tree, and a search compares
        // whole keys: a row that spills onto overflow pages (a 5 MB background image) was read
        // whole by every search that passed it, which made each draw after one upload about
        // five times slower, for good. A rowid table keeps the row apart from its key.
        migrator.registerMigration("v3: records as a rowid table") { db in
            try db.execute(sql: """
                CREATE TABLE records_v3 (
                    kind TEXT NOT NULL,
                    id TEXT NOT NULL,
                    state BLOB NOT NULL,
                    changed_at DOUBLE NOT NULL,
                    PRIMARY KEY (kind, id)
                );
                INSERT INTO records_v3 (kind, id, state, changed_at) SELECT kind, id, state, changed_at FROM records;
                DROP TABLE records;
                ALTER TABLE records_v3 RENAME TO records;
                CREATE INDEX records_by_change ON records (changed_at);
                """)
        }
        return migrator
    }

    public func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) async throws {
        try await run {
            try await database.write { db in
                try db.cachedStatement(sql: "INSERT INTO records (kind, id, state, changed_at) VALUES (?, ?, ?, ?)")
                    .execute(arguments: [kind.rawValue, id, Data(state), time.timeIntervalSince1970])
            }
        }
    }

    public func read(_ kind: RecordKind, id: String) async throws -> [UInt8]? {
        try await run {
            try await database.read { db in
                try Data.fetchOne(db.cachedStatement(sql: "SELECT state FROM records WHERE kind = ? AND id = ?"),
                                  arguments: [kind.rawValue, id]).map { [UInt8]($0) }
            }
        }
    }

    public func update<Result: Sendable>(
        _ kind: RecordKind, id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
    ) async throws -> Result? {
        try await batcher.update(ChangeBatcher.Key(kind: kind.rawValue, id: id), change) { [self] changes in
            try await commit(changes, to: kind, id: id, at: time)
        }
    }

    /// Applies a batch of changes to one record in one write transaction.
    private func commit(
        _ changes: [ChangeBatcher.Change], to kind: RecordKind, id: String, at time: Date
    ) async throws -> [ChangeBatcher.Outcome] {
        try await run {
            try await database.write { db -> [ChangeBatcher.Outcome] in
                guard let current = try Data.fetchOne(
                    db.cachedStatement(sql: "SELECT state FROM records WHERE kind = ? AND id = ?"),
                    arguments: [kind.rawValue, id])
                else { return Array(repeating: .missing, count: changes.count) }
                let (state, outcomes, changed) = ChangeBatcher.apply(changes, to: [UInt8](current))
                if changed {
                    try db.cachedStatement(sql: "UPDATE records SET state = ?, changed_at = ? WHERE kind = ? AND id = ?")
                        .execute(arguments: [Data(state), time.timeIntervalSince1970, kind.rawValue, id])
                }
                return outcomes
            }
        }
    }

    public func deleteRecords(changedBefore cutoff: Date, imagesStoredBefore imageCutoff: Date) async throws -> Int {
        try await run {
            try await database.write { db in
                try db.execute(
                    sql: "DELETE FROM records WHERE changed_at < ? AND kind NOT IN ('background', 'watch', 'image')",
                    arguments: [cutoff.timeIntervalSince1970])
                var deleted = db.changesCount
                // A background is under its table's id; a watch link holds it.
                try db.execute(sql: """
                    DELETE FROM records WHERE (kind = 'background' AND id NOT IN (SELECT id FROM records WHERE kind = 'table'))
                        OR (kind = 'watch' AND CAST(state AS TEXT) NOT IN (SELECT id FROM records WHERE kind = 'table'))
                    """)
                deleted += db.changesCount
                // An image is under its digest, which a background names in its first 64 bytes.
                try db.execute(sql: """
                    DELETE FROM records WHERE kind = 'image' AND changed_at < ?
                        AND id NOT IN (SELECT substr(CAST(state AS TEXT), 1, 64) FROM records WHERE kind = 'background')
                    """, arguments: [imageCutoff.timeIntervalSince1970])
                deleted += db.changesCount
                return deleted
            }
        }
    }

    public func count(_ kind: RecordKind) async throws -> Int {
        try await run {
            try await database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records WHERE kind = ?", arguments: [kind.rawValue]) ?? 0
            }
        }
    }

    /// Writes one row in a write transaction: a store that can be read but not written (a full
    /// disk, a read-only file) is not healthy, since nearly every request writes.
    public func checkHealth() async throws {
        try await run {
            try await database.write { db in
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO health_probe (id, checked_at) VALUES (1, ?)")
                    .execute(arguments: [Date().timeIntervalSince1970])
            }
        }
    }

    /// Runs a database access; the service's own errors pass through, database failures become
    /// `unavailable` errors that say what SQLite reported.
    private func run<T>(_ access: () async throws -> T) async throws -> T {
        do {
            return try await access()
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError(.unavailable, .store, "failed: \(Self.describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
