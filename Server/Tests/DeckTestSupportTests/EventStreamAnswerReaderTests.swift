import DeckTestSupport
import Testing

/// The byte-level reading of an event stream's answer that stream-load and the tests' crowds of
/// streams share. The bytes come in whatever pieces the network makes: each test feeds its
/// input whole, split at every point, and one byte at a time, and expects the same result.
@Suite("Reading an event stream's answer, byte by byte")
struct EventStreamAnswerReaderTests {
    /// The body of a stream as the server writes it: the retry hint, two events (the second's
    /// data long), a keep-alive comment, a third event; each write its own chunk.
    static let events: [String] = [
        "retry: 2000\n\n",
        "id: 4\ndata: {\"table_id\":\"t\",\"version\":4}\n\n",
        "id: 17\ndata: {\"version\":17,\"piles\":\"" + String(repeating: "x", count: 300) + "\"}\n\n",
        ": still here\n\n",
        "id:18\ndata: {\"version\":18}\n\n",
    ]

    static let streamHead = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"

    static func chunked(_ parts: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in parts {
            bytes += Array(String(part.utf8.count, radix: 16).utf8) + Array("\r\n".utf8) + Array(part.utf8) + Array("\r\n".utf8)
        }
        return bytes + Array("0\r\n\r\n".utf8)
    }

    /// What the reader finds in `bytes` fed in the pieces `cuts` makes: the ids, whether the
    /// body ended, and the reader.
    static func read(_ bytes: [UInt8], cuts: [Int] = []) -> (ids: [Int], finished: Bool, reader: EventStreamAnswerReader) {
        var reader = EventStreamAnswerReader()
        var found: [Int] = []
        var start = 0
        for end in cuts + [bytes.count] where end >= start {
            bytes[start..<end].withUnsafeBytes { piece in reader.feed(piece) { found.append($0) } }
            start = end
        }
        return (found, reader.isFinished, reader)
    }

    @Test("a chunked stream's ids are found whatever the split, and its end is seen")
    func chunkedStream() {
        let bytes = Array(Self.streamHead.utf8) + Self.chunked(Self.events)
        let whole = Self.read(bytes)
        #expect(whole.ids == [4, 17, 18] && whole.finished)
        #expect(whole.reader.head?.status == 200 && whole.reader.head?.chunked == true)
        for cut in 0...bytes.count {
            let split = Self.read(bytes, cuts: [cut])
            #expect(split.ids == [4, 17, 18] && split.finished, "split at \(cut)")
        }
        let bytewise = Self.read(bytes, cuts: Array(0...bytes.count))
        #expect(bytewise.ids == [4, 17, 18] && bytewise.finished)
    }

    @Test("an id is handed on once its line has ended, and only from an id field")
    func idLines() {
        let head = Array(Self.streamHead.utf8)
        #expect(Self.read(head + Self.chunked(["id: 9"])).ids.isEmpty)
        #expect(Self.read(head + Self.chunked(["id: 9\n"])).ids == [9])
        #expect(Self.read(head + Self.chunked(["data: id: 8\n", "x-id: 7\n", "ids: 6\n", "id: 9\r\n", "id: x\n"])).ids == [9])
    }

    @Test("a body that is not chunked is read as it comes, until the connection ends")
    func unchunkedBody() {
        let bytes = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n".utf8) + Array(Self.events.joined().utf8)
        let bytewise = Self.read(bytes, cuts: Array(0...bytes.count))
        #expect(bytewise.ids == [4, 17, 18] && !bytewise.finished)
    }

    @Test("a stream asked for behind another request is read past that request's answer")
    func streamBehindAnAnswer() {
        let health = "HTTP/1.1 200 OK\r\nContent-Length: 15\r\n\r\n{\"status\":\"ok\"}"
        let bytes = Array(health.utf8) + Array(Self.streamHead.utf8) + Self.chunked(Self.events)
        for cut in 0...bytes.count {
            #expect(Self.read(bytes, cuts: [cut]).ids == [4, 17, 18], "split at \(cut)")
        }
    }

    @Test("a refusal keeps its head and its body, and no id is read from it")
    func refusal() {
        let answer = "HTTP/1.1 429 Too Many Requests\r\nContent-Length: 22\r\nConnection: close\r\n\r\nid: 3\n{\"error\":\"busy\"}"
        let read = Self.read(Array(answer.utf8), cuts: [40, 90])
        #expect(read.ids.isEmpty)
        #expect(read.reader.head?.status == 429 && read.reader.head?.closes == true && read.reader.head?.contentLength == 22)
        #expect(read.reader.head?.text.hasPrefix("HTTP/1.1 429") == true)
        #expect(String(decoding: read.reader.refusal, as: UTF8.self) == "id: 3\n{\"error\":\"busy\"}")
    }

    @Test("a head's status, framing and Connection are read in any case; a head not yet ended is not")
    func heads() {
        let text = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTRANSFER-ENCODING: chunked\r\n\r\nid: 1"
        let bytes = Array(text.utf8)
        let length = bytes.withUnsafeBytes { ResponseHead.length(in: $0) }
        #expect(length == text.utf8.count - 5)
        let head = bytes.withUnsafeBytes { ResponseHead(UnsafeRawBufferPointer(rebasing: $0[..<length!])) }
        #expect(head.status == 200 && head.chunked && head.contentLength == nil && !head.closes)
        #expect(Array("HTTP/1.1 200 OK\r\n".utf8).withUnsafeBytes { ResponseHead.length(in: $0) } == nil)
    }
}
