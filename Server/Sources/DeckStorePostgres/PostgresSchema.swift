import DeckService
import Logging
import PostgresNIO

/// The tables of the PostgreSQL store and their migrations.
///
/// Each migration runs once, in order, recorded in `schema_migrations`. Instances starting at
/// the same time take a transaction-scoped advisory lock first, so one migrates and the others
/// wait for it and then find nothing left to do.
enum PostgresSchema {
    /// The advisory lock key: "deck" in ASCII, an arbitrary number other programs are unlikely
    /// to use on the same database.
    private static let lockKey: Int64 = 0x6465_636B

    /// The migrations by version, oldest first. Append; never change one that has shipped.
    private static let migrations: [(version: Int, sql: [String])] = [
        (1, [
            """
            CREATE TABLE records (
                kind text NOT NULL,
                id text NOT NULL,
                state bytea NOT NULL,
                changed_at timestamptz NOT NULL,
                PRIMARY KEY (kind, id)
            )
            """,
            "CREATE INDEX records_by_change ON records (changed_at)",
            // One row per periodic job: when an instance last ran it.
            "CREATE TABLE jobs (name text PRIMARY KEY, ran_at timestamptz NOT NULL)",
        ]),
        (2, [
            // Writes the records whose rows are still at the versions given and commits before
            // it returns, so the answer of its CALL proves the commit (a statement on its own
            // commits only after its answer, at the Sync). Answers the ids written and their new
            // versions (NULL when none). Its COMMIT works only when it is called outside a
            // transaction block and has no SET clause, no SECURITY DEFINER and no exception
            // block: keep it so.
            """
            CREATE OR REPLACE PROCEDURE deck_write_if_unchanged(
                p_kind text, p_ids text[], p_versions text[], p_states bytea[], p_times timestamptz[],
                INOUT written_ids text[] DEFAULT NULL, INOUT written_versions text[] DEFAULT NULL)
            LANGUAGE plpgsql AS $$
            BEGIN
                WITH w AS (
                    UPDATE records AS r SET state = u.state, changed_at = u.changed_at
                    FROM unnest(p_ids, p_versions, p_states, p_times) AS u(id, version, state, changed_at)
                    WHERE r.kind = p_kind AND r.id = u.id AND r.xmin::text = u.version
                    RETURNING r.id, r.xmin::text AS version)
                SELECT array_agg(w.id), array_agg(w.version) INTO written_ids, written_versions FROM w;
                COMMIT;
            END
            $$
            """,
        ]),
        (3, [
            // The key table notices are sealed under (``NoticeSeal``): readable by the role that
            // owns the schema only, since any role that may connect can LISTEN.
            "CREATE TABLE notice_key (id integer PRIMARY KEY CHECK (id = 1), key bytea NOT NULL CHECK (length(key) = 32))",
            "REVOKE ALL ON notice_key FROM PUBLIC",
        ]),
    ]

    /// Brings the database at `url` up to the latest version, waiting up to `wait` for it to
    /// answer.
    static func migrate(url: PostgresDatabaseURL, wait: Duration, logger: Logger) async throws {
        let client = url.client(connections: 1, logger: logger)
        // The client runs as a child task for as long as the migration takes.
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let deadline = ContinuousClock.now + wait
            while true {
                do {
                    try await migrate(client, logger: logger)
                    return
                } catch {
                    let failure = PostgresFailure.make(error)
                    guard failure.kind == .unavailable, ContinuousClock.now < deadline else {
                        throw ServiceError(failure.kind, .store, "cannot prepare the PostgreSQL database \(url): \(failure.problem)")
                    }
                    logger.notice("waiting for the database", metadata: ["database": "\(url)", "error": "\(failure)"])
                    try await Task.sleep(for: .milliseconds(500))
                }
            }
        }
    }

    private static func migrate(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var applied = Set<Int>()
            for try await version in try await connection.query(
                "SELECT version FROM schema_migrations", logger: logger).decode(Int.self) {
                applied.insert(version)
            }
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.sql {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (version) VALUES (\(migration.version))", logger: logger)
                logger.notice("migrated the database", metadata: ["version": "\(migration.version)"])
            }
            // Under the lock: instances starting together agree on one key.
            let key = ByteBuffer(bytes: NoticeSeal.newKey())
            try await connection.query("INSERT INTO notice_key (id, key) VALUES (1, \(key)) ON CONFLICT (id) DO NOTHING", logger: logger)
        }
    }
}
