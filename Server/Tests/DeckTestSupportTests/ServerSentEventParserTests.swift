import DeckTestSupport
import Testing

/// The test client's reading of event streams, so that a stream test fails for the server's
/// faults only.
@Suite("Reading Server-Sent Events")
struct ServerSentEventParserTests {
    typealias Parser = ServerSentEventParser

    @Test("events end at an empty line; data lines join with newlines; the id stays until set again; comments come out as they are")
    func events() {
        var parser = Parser()
        let outputs = parser.read(Array(": hello\n\nid: 1\ndata: {\"a\":1}\n\ndata: first\ndata:second\n\nid: 7\ndata: x\n\n".utf8))
        #expect(outputs == [
            .comment(" hello"),
            .event(.init(id: "1", data: "{\"a\":1}")),
            .event(.init(id: "1", data: "first\nsecond")),
            .event(.init(id: "7", data: "x")),
        ])
    }

    @Test("lines may end in LF, CRLF or CR, and the CR and LF of one line end may come in different chunks")
    func lineEnds() {
        var parser = Parser()
        var outputs = parser.read(Array("data: a\r\n\r\ndata: b\r\rdata: c\r".utf8))
        outputs += parser.read(Array("\n\r\n".utf8))
        #expect(outputs == [.event(.init(id: nil, data: "a")), .event(.init(id: nil, data: "b")), .event(.init(id: nil, data: "c"))])
    }

    @Test("a stream cut into chunks anywhere, even inside a character, reads as it does whole")
    func chunks() {
        let stream = Array("id: 3\ndata: ♠ spades, ♥ hearts\n\n: keep-alive\n\ndata: last\n\n".utf8)
        var whole = Parser()
        let expected = whole.read(stream)
        #expect(expected.count == 3)
        for size in 1...stream.count {
            var parser = Parser()
            var outputs: [Parser.Output] = []
            for start in stride(from: 0, to: stream.count, by: size) {
                outputs += parser.read(stream[start..<min(start + size, stream.count)])
            }
            #expect(outputs == expected, "chunks of \(size) bytes")
        }
    }

    @Test("an event not yet ended by an empty line is not dispatched; its name is kept for it alone; fields it does not keep are ignored")
    func unfinished() {
        var parser = Parser()
        #expect(parser.read(Array("event: table\nretry: 1000\ndata: half".utf8)).isEmpty)
        #expect(parser.read(Array("\n".utf8)).isEmpty)
        #expect(parser.read(Array("\n".utf8)) == [.event(.init(id: nil, data: "half", name: "table"))])
        // The name belongs to one event: the next without one is a plain message.
        #expect(parser.read(Array("data: next\n\n".utf8)) == [.event(.init(id: nil, data: "next"))])
    }
}
