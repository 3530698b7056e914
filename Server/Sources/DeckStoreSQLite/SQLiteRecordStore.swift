public import DeckService
public import Foundation
import GRDB

/// The embedded store: one SQLite file in WAL mode, through GRDB's pool (concurrent readers,
/// one writer).
///
/// Each change is an immediate write transaction that reads, changes and writes one row, so
/// changes to a deck are serialised and none is lost or applied twice. A change is committed
/// to the write-ahead log before ``update(_:id:at:_:)`` returns: a killed server process loses
/// nothing it acknowledged. (GRDB runs WAL with `synchronous = NORMAL`, so a power cut may lose
/// the last transactions; the file stays consistent.)
public final class SQLiteRecordStore: RecordStore {
    private let pool: DatabasePool

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
            configuration.busyMode = .timeout(10)
            configuration.label = "deck-server"
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch {
            throw ServiceError(.unavailable, "cannot open the SQLite database at \(path): \(Self.describe(error))")
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
        return migrator
    }

    public func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) async throws {
        try await run {
            try await pool.write { db in
                try db.cachedStatement(sql: "INSERT INTO records (kind, id, state, changed_at) VALUES (?, ?, ?, ?)")
                    .execute(arguments: [kind.rawValue, id, Data(state), time.timeIntervalSince1970])
            }
        }
    }

    public func read(_ kind: RecordKind, id: String) async throws -> [UInt8]? {
        try await run {
            try await pool.read { db in
                try Data.fetchOne(db.cachedStatement(sql: "SELECT state FROM records WHERE kind = ? AND id = ?"),
                                  arguments: [kind.rawValue, id]).map { [UInt8]($0) }
            }
        }
    }

    public func update<Result: Sendable>(
        _ kind: RecordKind, id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
    ) async throws -> Result? {
        try await run {
            try await pool.write { db -> Result? in
                guard let state = try Data.fetchOne(
                    db.cachedStatement(sql: "SELECT state FROM records WHERE kind = ? AND id = ?"),
                    arguments: [kind.rawValue, id])
                else { return nil }
                let (newState, result) = try change([UInt8](state))
                try db.cachedStatement(sql: "UPDATE records SET state = ?, changed_at = ? WHERE kind = ? AND id = ?")
                    .execute(arguments: [Data(newState), time.timeIntervalSince1970, kind.rawValue, id])
                return result
            }
        }
    }

    public func deleteRecords(changedBefore cutoff: Date) async throws -> Int {
        try await run {
            try await pool.write { db in
                try db.execute(sql: "DELETE FROM records WHERE changed_at < ?", arguments: [cutoff.timeIntervalSince1970])
                return db.changesCount
            }
        }
    }

    public func count(_ kind: RecordKind) async throws -> Int {
        try await run {
            try await pool.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records WHERE kind = ?", arguments: [kind.rawValue]) ?? 0
            }
        }
    }

    public func checkHealth() async throws {
        _ = try await run { try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") } }
    }

    /// Runs a database access; the service's own errors pass through, database failures become
    /// `unavailable` errors that say what SQLite reported.
    private func run<T>(_ access: () async throws -> T) async throws -> T {
        do {
            return try await access()
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError(.unavailable, "the database failed: \(Self.describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
