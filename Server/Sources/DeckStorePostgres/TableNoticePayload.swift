import DeckService
import Foundation

/// What a table notice says, as the bytes ``NoticeSeal`` seals into a `NOTIFY` payload (which
/// must stay under 8,000 bytes): a change as `id:version:record`, the table as stored, or as
/// `id:version` when the record is larger than ``largestRecord``; a signal as `|`-separated
/// fields, `id|h|seat|stack|ms` for a hold until `ms` after 1970 (0 when let go),
/// `id|d|seat|stack|x|y[|card]` for a drag and `id|p|seat|stack` for a peek. Table and stack
/// ids hold neither `:` nor `|`.
enum TableNoticePayload {
    /// The largest record a change notice carries: sealed and in base64, about 6,760 bytes.
    static let largestRecord = 5_000

    static func change(table id: String, version: Int, record: [UInt8]?) -> [UInt8] {
        let head = Array("\(id):\(version)".utf8)
        guard let record, record.count <= largestRecord else { return head }
        return head + [UInt8(ascii: ":")] + record
    }

    static func signal(_ signal: TableSignal, table id: String) -> [UInt8] {
        let text = switch signal {
        case .held(let stack, let seat, let until):
            "\(id)|h|\(seat)|\(stack)|\(until.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } ?? 0)"
        case .dragged(let stack, let seat, let x, let y, let card):
            "\(id)|d|\(seat)|\(stack)|\(x)|\(y)" + (card.map { "|" + $0 } ?? "")
        case .peeked(let stack, let seat):
            "\(id)|p|\(seat)|\(stack)"
        }
        return Array(text.utf8)
    }

    /// The table a notice's bytes name, for a log line that must not show the rest.
    static func table(of bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "|") }, as: UTF8.self)
    }

    /// The notice `bytes` say; `nil` for bytes of another form.
    static func notice(_ bytes: [UInt8]) -> TableNotice? {
        guard let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "|") }) else { return nil }
        guard bytes[separator] == UInt8(ascii: "|") else { return change(bytes, idEnd: separator) }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 4, let seat = Int(fields[2]), !fields[0].isEmpty, !fields[3].isEmpty else { return nil }
        let (id, stack) = (fields[0], fields[3])
        switch (fields[1], fields.count) {
        case ("h", 5):
            guard let milliseconds = Int64(fields[4]) else { return nil }
            let until = milliseconds == 0 ? nil : Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            return .signal(id: id, .held(stack: stack, seat: seat, until: until))
        case ("d", 6), ("d", 7):
            guard let x = Double(fields[4]), let y = Double(fields[5]), x.isFinite, y.isFinite else { return nil }
            let card = fields.count == 7 ? fields[6] : nil
            guard card?.isEmpty != true else { return nil }
            return .signal(id: id, .dragged(stack: stack, seat: seat, x: x, y: y, card: card))
        case ("p", 4):
            return .signal(id: id, .peeked(stack: stack, seat: seat))
        default:
            return nil
        }
    }

    /// `id:version[:record]`, the id ending at `idEnd`.
    private static func change(_ bytes: [UInt8], idEnd: Int) -> TableNotice? {
        guard idEnd > 0 else { return nil }
        let id = String(decoding: bytes[..<idEnd], as: UTF8.self)
        let rest = bytes[(idEnd + 1)...]
        let versionEnd = rest.firstIndex(of: UInt8(ascii: ":")) ?? rest.endIndex
        guard let version = Int(String(decoding: rest[..<versionEnd], as: UTF8.self)) else { return nil }
        guard versionEnd < rest.endIndex else { return .changed(id: id, version: version, record: nil) }
        return .changed(id: id, version: version, record: Array(rest[(versionEnd + 1)...]))
    }
}
