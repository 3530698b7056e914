@testable import DeckService
@testable import DeckStorePostgres
import Foundation
import Testing

/// Table notices as `NOTIFY` payloads: every notice reads back as it was sent, sealed, a
/// change's record travels when it fits, and a payload of another form, or not sealed under the
/// key, reads as nothing.
@Suite("Table notice payloads")
struct TableNoticePayloadTests {
    static let seal = NoticeSeal(key: NoticeSeal.newKey())

    /// `notice` sealed and opened again, as the feed sends and hears it.
    static func roundTrip(_ notice: [UInt8]) -> TableNotice? {
        seal.open(seal.seal(notice)).flatMap(TableNoticePayload.notice)
    }

    @Test("a change reads back with its record, or without one when the record is too large for a notice")
    func changes() throws {
        let record: [UInt8] = Array(0...255) + [0, 58, 124]
        let carried = TableNoticePayload.change(table: "t1", version: 12, record: record)
        #expect(Self.roundTrip(carried) == .changed(id: "t1", version: 12, record: record))
        let large = [UInt8](repeating: 7, count: TableNoticePayload.largestRecord + 1)
        let bare = TableNoticePayload.change(table: "t1", version: 13, record: large)
        #expect(bare == Array("t1:13".utf8))
        #expect(Self.roundTrip(bare) == .changed(id: "t1", version: 13, record: nil))
        let largest = TableNoticePayload.change(table: String(repeating: "a", count: 26), version: .max, record: Array(large.dropLast()))
        #expect(Self.seal.seal(largest).utf8.count < 8_000, "PostgreSQL takes payloads under 8,000 bytes")
    }

    @Test("holds, drags and peeks read back as sent")
    func signals() {
        let until = Date(timeIntervalSince1970: 1_800_000_000.25)
        for signal in [
            TableSignal.held(stack: "s3", seat: 2, until: until), .held(stack: "s3", seat: 2, until: nil),
            .dragged(stack: "s3", seat: 1, x: 120.5, y: 699), .dragged(stack: "s3", seat: 1, x: 0, y: 0, card: "k6lgebet9"),
            .peeked(stack: "deck", seat: 4),
        ] {
            #expect(Self.roundTrip(TableNoticePayload.signal(signal, table: "t1")) == .signal(id: "t1", signal))
        }
    }

    @Test("notices of another form read as nothing", arguments: [
        "", "t1", ":3", "t1:x", "t1|d|1|s1|1", "t1|d|1|s1|nan|2", "t1|d|1|s1|1|2|", "t1|d|1|s1|1|2|a|b", "t1|q|1|s1", "|h|1|s1|0", "t1|h|x|s1|0",
    ])
    func malformed(notice: String) {
        #expect(TableNoticePayload.notice(Array(notice.utf8)) == nil)
    }

    @Test("a payload shows nothing of what it carries, differs every time, and opens only under its key, unaltered")
    func sealed() throws {
        let record = Array("hand AS KH QD; deck 2C 3C 4C".utf8)
        let notice = TableNoticePayload.change(table: "tablexyz", version: 4, record: record)
        let payload = Self.seal.seal(notice)
        let bytes = try #require(Data(base64Encoded: payload))
        #expect(!payload.contains("tablexyz") && bytes.range(of: Data("AS KH".utf8)) == nil && bytes.range(of: Data("tablexyz".utf8)) == nil)
        #expect(Self.seal.seal(notice) != payload, "a fresh nonce each time")
        #expect(NoticeSeal(key: NoticeSeal.newKey()).open(payload) == nil, "another key opens nothing")
        var altered = Array(bytes)
        altered[altered.count / 2] ^= 1
        #expect(Self.seal.open(Data(altered).base64EncodedString()) == nil, "an altered payload opens nothing")
        #expect(Self.seal.open("tablexyz:4") == nil, "an unsealed payload, as anyone who may connect can send, is no notice")
    }
}
