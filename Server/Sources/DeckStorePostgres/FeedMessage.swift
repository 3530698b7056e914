import DeckService

/// What one server's feed says on the channel: a table notice, or one of the messages by which
/// the servers learn of each other and confirm that a notice was heard (see ``FeedDeliveries``).
///
/// A table notice's bytes are ``TableNoticePayload``'s; the others start with `!`, which no
/// table id holds: `!h|server|listening` (a server listens, for the `listening`th time since
/// it started), `!a|server|number|notice` (a notice its sender waits to hear confirmed by every
/// server) and `!k|server|number|by` (the server `by` heard the `number`th such notice of
/// `server`). Server names are ``newServerName()``'s.
enum FeedMessage: Equatable {
    case notice(TableNotice)
    case here(server: String, listening: Int)
    case asking(server: String, number: Int, TableNotice)
    case heard(server: String, number: Int, by: String)

    /// A name for a server, unlike any other's.
    static func newServerName() -> String {
        String(UInt64.random(in: 1...UInt64.max), radix: 36)
    }

    /// Whether `text` is a name ``newServerName()`` may give.
    static func isServerName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 13 && text.utf8.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
        }
    }

    /// A notice to ask for confirmations of, as its bytes.
    static func asking(server: String, number: Int, notice bytes: [UInt8]) -> [UInt8] {
        Array("!a|\(server)|\(number)|".utf8) + bytes
    }

    var bytes: [UInt8] {
        switch self {
        case .notice(.changed(let id, let version, let record)):
            TableNoticePayload.change(table: id, version: version, record: record)
        case .notice(.signal(let id, let signal)):
            TableNoticePayload.signal(signal, table: id)
        case .notice:
            // Said by the feed to its own listener; never sent.
            []
        case .here(let server, let listening):
            Array("!h|\(server)|\(listening)".utf8)
        case .asking(let server, let number, let notice):
            Self.asking(server: server, number: number, notice: FeedMessage.notice(notice).bytes)
        case .heard(let server, let number, let by):
            Array("!k|\(server)|\(number)|\(by)".utf8)
        }
    }

    /// The message `bytes` say; `nil` for bytes of no known form.
    init?(_ bytes: [UInt8]) {
        guard bytes.first == UInt8(ascii: "!") else {
            guard let notice = TableNoticePayload.notice(bytes) else { return nil }
            self = .notice(notice)
            return
        }
        // At most 3 separators: an asked notice's own bytes follow the third.
        let fields = bytes.dropFirst().split(separator: UInt8(ascii: "|"), maxSplits: 3, omittingEmptySubsequences: false)
        let text = fields.prefix(3).map { String(decoding: $0, as: UTF8.self) }
        guard text.count == 3, Self.isServerName(text[1]), let number = Int(text[2]) else { return nil }
        switch (text[0], fields.count) {
        case ("h", 3):
            self = .here(server: text[1], listening: number)
        case ("a", 4):
            guard let notice = TableNoticePayload.notice(Array(fields[3])) else { return nil }
            self = .asking(server: text[1], number: number, notice)
        case ("k", 4):
            let by = String(decoding: fields[3], as: UTF8.self)
            guard Self.isServerName(by) else { return nil }
            self = .heard(server: text[1], number: number, by: by)
        default:
            return nil
        }
    }
}
