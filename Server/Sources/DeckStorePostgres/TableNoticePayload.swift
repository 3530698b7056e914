import DeckService
import Foundation

/// How a table notice travels as a `NOTIFY` payload (less than 8,000 bytes): a change as
/// `id:version:record`, the table as stored in base64, or as `id:version` when the record is
/// larger than ``largestRecord``; a signal as `|`-separated fields, `id|h|seat|stack|ms` for a
/// hold until `ms` after 1970 (0 when let go), `id|d|seat|stack|x|y[|card]` for a drag and
/// `id|p|seat|stack` for a peek. Table and stack ids hold neither `:` nor `|`, and base64 no `:`.
enum TableNoticePayload {
    /// The largest record a change notice carries (6,668 bytes in base64).
    static let largestRecord = 5_000

    static func change(table id: String, version: Int, record: [UInt8]?) -> String {
        guard let record, record.count <= largestRecord else { return "\(id):\(version)" }
        return "\(id):\(version):\(Data(record).base64EncodedString())"
    }

    static func signal(_ signal: TableSignal, table id: String) -> String {
        switch signal {
        case .held(let stack, let seat, let until):
            "\(id)|h|\(seat)|\(stack)|\(until.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } ?? 0)"
        case .dragged(let stack, let seat, let x, let y, let card):
            "\(id)|d|\(seat)|\(stack)|\(x)|\(y)" + (card.map { "|" + $0 } ?? "")
        case .peeked(let stack, let seat):
            "\(id)|p|\(seat)|\(stack)"
        }
    }

    /// The notice a payload carries; `nil` for a payload of another form.
    static func notice(_ payload: String) -> TableNotice? {
        let fields = payload.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count > 1 else {
            let parts = payload.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, !parts[0].isEmpty, let version = Int(parts[1]) else { return nil }
            guard parts.count == 3 else { return .changed(id: String(parts[0]), version: version, record: nil) }
            guard let record = Data(base64Encoded: String(parts[2])) else { return nil }
            return .changed(id: String(parts[0]), version: version, record: Array(record))
        }
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
}
