import Foundation
import NIOCore
import PostgresNIO

/// The statements that apply a group of changes (``GroupCommit``), prepared once per connection
/// by postgres-nio, so that the database parses and plans them once, not per group.
///
/// Each answers the rows' versions (`xmin`, the id of the transaction that wrote the row's
/// current version, as text) for the ``RecordVersionCache``.
enum PostgresGroupStatements {
    /// Writes the new states of records whose rows are still at the versions known and commits,
    /// then answers the records it wrote with their new versions (`NULL` arrays when none). A
    /// record missing from the answer was changed or deleted by someone else since: nothing of it
    /// was written.
    ///
    /// It calls the procedure of migration 2 (``PostgresSchema``), outside any explicit
    /// transaction, which commits inside: its answer proves the commit. A plain `UPDATE` on its
    /// own would commit only after its answer, at the Sync, and postgres-nio ends a statement at
    /// its answer (`CommandComplete`); a backend terminated in between (a fast shutdown,
    /// `pg_terminate_backend`) delivers that answer with its FATAL, uncommitted.
    ///
    /// The ids go in ascending order, and the usual plan (a nested loop over them into the
    /// primary key) locks the rows in that order, as ``LockRecords`` does; no plan is
    /// guaranteed, and a deadlock this statement loses only sends its records the locking way.
    struct WriteIfUnchanged: PostgresPreparedStatement {
        static let name = "deck_write_if_unchanged"
        static let sql = "CALL deck_write_if_unchanged($1, $2, $3, $4, $5)"
        typealias Row = ([String]?, [String]?)

        var kind: String
        var ids: [String] = []
        var versions: [String] = []
        var states: [ByteBuffer] = []
        var times: [Date] = []

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 5)
            bindings.append(kind)
            bindings.append(ids)
            bindings.append(versions)
            bindings.append(states)
            bindings.append(times)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode(Row.self)
        }
    }

    /// Reads and locks the records of a group, in the order of their ids: two groups (of any
    /// instances) that share records lock them in the same order, so they cannot deadlock.
    struct LockRecords: PostgresPreparedStatement {
        static let name = "deck_lock_records"
        static let sql = "SELECT id, state, xmin::text FROM records WHERE kind = $1 AND id = ANY($2) ORDER BY id FOR UPDATE"
        typealias Row = (String, ByteBuffer, String)

        var kind: String
        var ids: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(kind)
            bindings.append(ids)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode(Row.self)
        }
    }

    /// Writes the new states of a group's changed records, with their times, in one statement,
    /// and answers their new versions.
    struct WriteRecords: PostgresPreparedStatement {
        static let name = "deck_write_records"
        static let sql = """
            UPDATE records AS r SET state = u.state, changed_at = u.changed_at \
            FROM unnest($2::text[], $3::bytea[], $4::timestamptz[]) AS u(id, state, changed_at) \
            WHERE r.kind = $1 AND r.id = u.id \
            RETURNING r.id, r.xmin::text
            """
        typealias Row = (String, String)

        var kind: String
        var ids: [String]
        var states: [ByteBuffer]
        var times: [Date]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(kind)
            bindings.append(ids)
            bindings.append(states)
            bindings.append(times)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode(Row.self)
        }
    }
}
