import DeckTestSupport
import Foundation
import NIOCore
import PostgresNIO
import Testing
@testable import DeckStorePostgres

/// What a database role other than the servers' hears of the table notices: PostgreSQL checks
/// no privilege on `LISTEN`, so any role that may connect hears every notice. It must learn
/// nothing from them.
@Suite("Table notices, as another database role hears them")
struct PostgresNoticePrivacyTests {
    @Test("a role without rights on the records that LISTENs learns nothing of a hand, a face-down card or the deck's order; it reads neither the records nor the notice key")
    func listenerLearnsNothing() async throws {
        let cluster = try await PostgresCluster.shared
        let database = try await cluster.createDatabase()
        let name = String(database.split(separator: "/").last!.split(separator: "?").first!)
        let snoop = "snoop_" + name.suffix(12)
        try await cluster.execute("CREATE ROLE \(snoop) LOGIN", in: database)
        let process = try await ServerProcess(database: database)
        try await withCleanup {
            let server = TestServer(process: process)
            var payloads: [String] = []
            var table = ""
            try await cluster.withConnection(to: name, as: snoop) { connection in
                for secret in ["SELECT state FROM records", "SELECT key FROM notice_key"] {
                    await #expect(throws: PSQLError.self, "\(secret) is refused to the role") {
                        try await connection.query(PostgresQuery(unsafeSQL: secret), logger: Logger(label: "snoop")).collect()
                    }
                }
                try await connection.listen(on: "deck_tables") { notices in
                    let ann = try await server.newTable("Ann")
                    table = ann.table
                    for _ in 0..<3 { #expect(try await ann.act("draw").status == 200) }
                    for try await notice in notices {
                        payloads.append(notice.payload)
                        // One notice for each draw's change: sealed, over 70 characters (it names
                        // its table and version); the servers' word that they are here is 64.
                        if payloads.filter({ $0.utf8.count > 70 }).count == 3 { break }
                    }
                }
            }
            let record = try await cluster.withConnection(to: name) { connection in
                let rows = try await connection.query("SELECT state FROM records WHERE kind = 'table' AND id = \(table)", logger: Logger(label: "owner"))
                var state = ByteBuffer()
                for try await bytes in rows.decode(ByteBuffer.self) { state = bytes }
                return Array(buffer: state)
            }
            try #require(record.count > 64, "the table's record was read")
            for payload in payloads {
                #expect(!payload.contains(table), "the payload names the table: \(payload.prefix(80))")
                #expect(TableNoticePayload.notice(Array(payload.utf8)) == nil, "the payload reads as a notice")
                let bytes = Data(base64Encoded: payload) ?? Data(payload.utf8)
                // No 12 bytes of the record (the hand, the deck's order) show in the payload.
                let leaked = stride(from: 0, to: record.count - 12, by: 4).filter { bytes.range(of: Data(record[$0..<($0 + 12)])) != nil }
                #expect(leaked.isEmpty, "\(leaked.count) pieces of the record show in a payload")
            }
        } cleanup: {
            await process.stop()
        }
    }
}
