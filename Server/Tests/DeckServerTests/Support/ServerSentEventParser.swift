/// Reads a `text/event-stream` body as the HTML standard defines it: bytes in any chunks,
/// lines ending in LF, CRLF or CR, `field: value` lines (one space after the colon dropped),
/// comment lines starting with a colon, and an empty line dispatching the event gathered so
/// far. `event`, `id` and `data` are kept: the server sends no others.
struct ServerSentEventParser {
    /// One dispatched event: its `id` (the last one the stream set, as `lastEventID` in a
    /// browser) and its `data` lines joined by newlines.
    struct Event: Equatable, Sendable {
        var id: String?
        var data: String
        /// The `event` field's value; `nil` for a plain message.
        var name: String? = nil
    }

    /// What one line of the stream was, when it matters to a reader.
    enum Output: Equatable, Sendable {
        case event(Event)
        /// A comment line, without its leading colon.
        case comment(String)
    }

    /// Bytes of a line not yet ended (a chunk may end inside a line or a character).
    private var pending: [UInt8] = []
    /// A CR ended the last line: an LF right after it belongs to the same line end.
    private var afterCR = false
    private var lastID: String?
    private var data: [String] = []
    private var name: String?

    /// Reads `bytes`, the next chunk of the stream; returns the events and comments it ended.
    mutating func read(_ bytes: some Sequence<UInt8>) -> [Output] {
        var outputs: [Output] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"):
                afterCR = true
                fallthrough
            case UInt8(ascii: "\n"):
                if let output = endLine() { outputs.append(output) }
            default:
                pending.append(byte)
            }
        }
        return outputs
    }

    private mutating func endLine() -> Output? {
        let line = String(decoding: pending, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        if line.isEmpty {
            defer { (data, name) = ([], nil) }
            return data.isEmpty ? nil : .event(Event(id: lastID, data: data.joined(separator: "\n"), name: name))
        }
        if line.hasPrefix(":") { return .comment(String(line.dropFirst())) }
        let (field, value) = if let colon = line.firstIndex(of: ":") {
            (line[..<colon], line[line.index(after: colon)...])
        } else {
            (line[...], ""[...])
        }
        let text = String(value.hasPrefix(" ") ? value.dropFirst() : value)
        switch field {
        case "data": data.append(text)
        case "id" where !text.contains("\0"): lastID = text
        case "event": name = text
        default: break
        }
        return nil
    }
}
