import DeckTestSupport
import Testing

/// The line reader under both the tests' event parser and stream-load: what it hands on, and
/// what it skips without copying.
@Suite("Scanning the lines of an event stream")
struct EventStreamScannerTests {
    /// The lines `kinds` hands on from `text` fed in pieces of `size` bytes, written out as
    /// `field=value`, `:comment` or an empty string for an empty line.
    static func lines(_ text: String, kinds: EventStreamScanner.Kinds = .all, size: Int = .max) -> [String] {
        var scanner = EventStreamScanner(kinds)
        var seen: [String] = []
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: min(size, bytes.count)) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { piece in
                scanner.feed(piece) { line in
                    switch line {
                    case .blank: seen.append("")
                    case .comment(let text): seen.append(":" + String(decoding: text, as: UTF8.self))
                    case .field(let field, let value): seen.append("\(field)=" + String(decoding: value, as: UTF8.self))
                    }
                }
            }
        }
        return seen
    }

    static let stream = "retry: 2000\n\n: hi\r\nid: 5\revent: change\r\ndata:{\"a\":1}\ndata\nx-other: 1\nidentity: 2\n\nid: 6\ndata: " + String(repeating: "♠", count: 100) + "\n\n"

    @Test("every kind, whatever the split: one space after the colon dropped, a name alone an empty value, unknown names skipped")
    func allKinds() {
        let expected = ["retry=2000", "", ": hi", "id=5", "event=change", "data={\"a\":1}", "data=", "", "id=6", "data=" + String(repeating: "♠", count: 100), ""]
        for size in 1...Self.stream.utf8.count {
            #expect(Self.lines(Self.stream, size: size) == expected, "pieces of \(size) bytes")
        }
    }

    @Test("only the kinds asked for are handed on, with every empty line, whatever the split")
    func someKinds() {
        let expected = ["", "id=5", "", "id=6", ""]
        for size in 1...Self.stream.utf8.count {
            #expect(Self.lines(Self.stream, kinds: .id, size: size) == expected, "pieces of \(size) bytes")
        }
    }

    @Test("a CR and the LF after it are one line end, also when they come in different reads")
    func lineEnds() {
        #expect(Self.lines("data: a\r", kinds: .data) == ["data=a"])
        #expect(Self.lines("data: a\r\n\r\ndata: b\r\r", kinds: .data, size: 8) == ["data=a", "", "data=b", ""])
        #expect(Self.lines("data: a\r\n\r\ndata: b\r\r", kinds: .data, size: 9) == ["data=a", "", "data=b", ""])
    }

    @Test("an empty read between a CR and its LF keeps them one line end")
    func emptyRead() {
        var parser = ServerSentEventParser()
        var outputs = parser.read(Array("data: a\r".utf8))
        outputs += parser.read([])
        outputs += parser.read(Array("\ndata: b\n\n".utf8))
        #expect(outputs == [.event(.init(id: nil, data: "a\nb"))])
    }

    @Test("an id's number is read from its digits alone")
    func numbers() {
        var numbers: [Int?] = []
        var scanner = EventStreamScanner(.id)
        Array("id: 42\nid:7\nid: 4x\nid:\n\n".utf8).withUnsafeBytes { bytes in
            scanner.feed(bytes) { numbers.append($0.number) }
        }
        #expect(numbers == [42, 7, nil, nil, nil])
    }
}
