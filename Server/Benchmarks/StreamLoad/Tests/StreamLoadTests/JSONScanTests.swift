import NIOCore
import Testing

@testable import stream_load

/// stream-load's reading of the server's JSON answers (its event streams are read by
/// DeckTestSupport's EventStreamAnswerReader, tested there).
struct JSONScanTests {
    @Test func jsonValuesAreTheFirstOfTheirKey() {
        let answer = ByteBuffer(string: #"{"success":true,"table_id":"abc","version":12,"remaining":96,"seats":[],"piles":{"p":{"remaining":3}},"hand":[{"code":"AS"},{"code":"0H"}],"cards":[{"code":"AS"}]}"#)
        JSONScan.reading(answer) { scan in
            #expect(scan.string("table_id") == "abc")
            #expect(scan.integer("version") == 12)
            #expect(scan.integer("remaining") == 96)
            #expect(scan.offset(after: "hand").map { scan.strings("code", from: $0, limit: 5) } == ["AS", "0H", "AS"])
            #expect(scan.integer("missing") == nil)
        }
    }
}
