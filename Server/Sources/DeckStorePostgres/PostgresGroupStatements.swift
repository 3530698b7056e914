import Foundation
import NIOCore
import PostgresNIO

/// The two statements of a group's transaction (``GroupCommit``), prepared once per connection
/// by postgres-nio, so that the database parses and plans them once, not per group.
enum PostgresGroupStatements {
    /// Reads and locks the records of a group, in the order of their ids: two groups (of any
    /// instances) that share records lock them in the same order, so they cannot deadlock.
    struct LockRecords: PostgresPreparedStatement {
        static let name = "deck_lock_records"
        static let sql = "SELECT id, state FROM records WHERE kind = $1 AND id = ANY($2) ORDER BY id FOR UPDATE"
        typealias Row = (String, ByteBuffer)

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

    /// Writes the new states of a group's changed records, with their times, in one statement.
    struct WriteRecords: PostgresPreparedStatement {
        static let name = "deck_write_records"
        static let sql = """
            UPDATE records AS r SET state = u.state, changed_at = u.changed_at \
            FROM unnest($2::text[], $3::bytea[], $4::timestamptz[]) AS u(id, state, changed_at) \
            WHERE r.kind = $1 AND r.id = u.id
            """
        typealias Row = ()

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

        func decodeRow(_ row: PostgresRow) throws -> Row {}
    }
}
