@testable import DeckService
@testable import DeckStorePostgres
import Foundation
import Testing

/// Table notices as `NOTIFY` payloads: every notice reads back as it was sent, a change's
/// record travels when it fits, and a payload of another form reads as nothing.
@Suite("Table notice payloads")
struct TableNoticePayloadTests {
    @Test("a change reads back with its record, or without one when the record is too large for a notice")
    func changes() throws {
        let record: [UInt8] = Array(0...255) + [0, 58, 124]
        let carried = TableNoticePayload.change(table: "t1", version: 12, record: record)
        #expect(TableNoticePayload.notice(carried) == .changed(id: "t1", version: 12, record: record))
        let large = [UInt8](repeating: 7, count: TableNoticePayload.largestRecord + 1)
        let bare = TableNoticePayload.change(table: "t1", version: 13, record: large)
        #expect(bare == "t1:13")
        #expect(TableNoticePayload.notice(bare) == .changed(id: "t1", version: 13, record: nil))
        let largest = TableNoticePayload.change(table: String(repeating: "a", count: 26), version: .max, record: Array(large.dropLast()))
        #expect(largest.utf8.count < 8_000, "PostgreSQL takes payloads under 8,000 bytes")
    }

    @Test("holds, drags and peeks read back as sent")
    func signals() {
        let until = Date(timeIntervalSince1970: 1_800_000_000.25)
        for signal in [
            TableSignal.held(stack: "s3", seat: 2, until: until), .held(stack: "s3", seat: 2, until: nil),
            .dragged(stack: "s3", seat: 1, x: 120.5, y: 699), .dragged(stack: "s3", seat: 1, x: 0, y: 0, card: "k6lgebet9"),
            .peeked(stack: "deck", seat: 4),
        ] {
            #expect(TableNoticePayload.notice(TableNoticePayload.signal(signal, table: "t1")) == .signal(id: "t1", signal))
        }
    }

    @Test("payloads of another form read as nothing", arguments: [
        "", "t1", ":3", "t1:x", "t1:3:not base64!", "t1|d|1|s1|1", "t1|d|1|s1|nan|2", "t1|d|1|s1|1|2|", "t1|d|1|s1|1|2|a|b", "t1|q|1|s1", "|h|1|s1|0", "t1|h|x|s1|0",
    ])
    func malformed(payload: String) {
        #expect(TableNoticePayload.notice(payload) == nil)
    }
}
