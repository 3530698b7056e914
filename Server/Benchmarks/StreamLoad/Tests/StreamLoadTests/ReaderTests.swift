import NIOCore
import Testing

@testable import stream_load

/// The readers get the server's bytes in whatever pieces the network makes: each test feeds its
/// input whole, split at every point, and one byte at a time, and expects the same result.
struct ReaderTests {
    /// The body of a stream as the server writes it: the retry hint, two events (the second's
    /// data long), a keep-alive comment, a third event; each write its own chunk.
    static let events: [String] = [
        "retry: 2000\n\n",
        "id: 4\ndata: {\"table_id\":\"t\",\"version\":4}\n\n",
        "id: 17\ndata: {\"version\":17,\"piles\":\"" + String(repeating: "x", count: 300) + "\"}\n\n",
        ": still here\n\n",
        "id:18\ndata: {\"version\":18}\n\n",
    ]

    static func chunked(_ parts: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in parts {
            bytes += Array(String(part.utf8.count, radix: 16).utf8) + Array("\r\n".utf8) + Array(part.utf8) + Array("\r\n".utf8)
        }
        return bytes + Array("0\r\n\r\n".utf8)
    }

    /// The ids the decoder and scanner find in `bytes` fed in the pieces `cuts` makes, and
    /// whether the decoder saw the last chunk.
    static func ids(_ bytes: [UInt8], cuts: [Int]) -> ([Int], Bool) {
        var decoder = ChunkedDecoder()
        var scanner = EventIDScanner()
        var found: [Int] = []
        var start = 0
        for end in cuts + [bytes.count] where end >= start {
            bytes[start..<end].withUnsafeBytes { piece in
                decoder.feed(piece) { payload in scanner.feed(payload) { found.append($0) } }
            }
            start = end
        }
        return (found, decoder.isFinished)
    }

    @Test func eventsAreFoundWhateverTheSplit() {
        let bytes = Self.chunked(Self.events)
        #expect(Self.ids(bytes, cuts: []) == ([4, 17, 18], true))
        for cut in 0...bytes.count {
            let (found, finished) = Self.ids(bytes, cuts: [cut])
            #expect(found == [4, 17, 18] && finished, "split at \(cut)")
        }
        #expect(Self.ids(bytes, cuts: Array(0...bytes.count)) == ([4, 17, 18], true))
    }

    @Test func anIDIsReportedOnceItsLineEnded() {
        #expect(Self.ids(Self.chunked(["id: 9"]), cuts: []).0.isEmpty)
        #expect(Self.ids(Self.chunked(["id: 9\n"]), cuts: []).0 == [9])
        #expect(Self.ids(Self.chunked(["data: id: 8\n", "x-id: 7\n", "id: 9\r\n"]), cuts: []).0 == [9])
    }

    @Test func anUnchunkedBodyIsScannedAsItIs() {
        var scanner = EventIDScanner()
        var found: [Int] = []
        let bytes = Array(Self.events.joined().utf8)
        for index in bytes.indices {
            bytes[index...index].withUnsafeBytes { piece in scanner.feed(piece) { found.append($0) } }
        }
        #expect(found == [4, 17, 18])
    }

    @Test func headsAreRead() {
        let text = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTRANSFER-ENCODING: chunked\r\n\r\nid: 1"
        let bytes = Array(text.utf8)
        let length = bytes.withUnsafeBytes { ResponseHead.length(in: $0) }
        #expect(length == text.utf8.count - 5)
        let head = bytes.withUnsafeBytes { ResponseHead(UnsafeRawBufferPointer(rebasing: $0[..<length!])) }
        #expect(head.status == 200 && head.chunked && head.contentLength == nil && !head.closes)

        let refused = Array("HTTP/1.1 503 Service Unavailable\r\ncontent-length: 12\r\nConnection: close\r\n\r\n".utf8)
        let other = refused.withUnsafeBytes { ResponseHead($0) }
        #expect(other.status == 503 && other.contentLength == 12 && other.closes && other.text.hasPrefix("HTTP/1.1 503"))
        #expect(Array("HTTP/1.1 200 OK\r\n".utf8).withUnsafeBytes { ResponseHead.length(in: $0) } == nil)
    }

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
