@testable import DeckServerHTTP
import DeckTestSupport
import Foundation
import Testing

/// How event streams meet their connections, against the built server: HTTP/1.0 clients, a
/// client that half-closes before the answer, and SIGTERM with clients that read nothing.
@Suite("Event streams: HTTP/1.0, half-closes and SIGTERM", .serialized)
struct EventStreamConnectionTests {
    @Test("HTTP/1.0: a stream comes unchunked, with Connection: close and no Content-Length, and its end closes the connection; HTTP/1.1 stays chunked")
    func http10() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann")
            let made = try await ann.felt("watch")
            let key = try #require(try made.decode(WatchLinkJSON.self).watch?.key)
            let port = server.process.port
            let plain = try RawConnection(port: port)
            try plain.send("GET /api/watch/\(key)/events HTTP/1.0\r\n\r\n")
            let kept = try RawConnection(port: port)
            try kept.send("GET /api/watch/\(key)/events HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let chunked = try RawConnection(port: port)
            try chunked.get("/api/watch/\(key)/events")
            var begun: [String] = []
            for connection in [plain, kept, chunked] { begun.append(await connection.read(until: "event: view")) }

            // Made anew: the old link's streams end, and the server closes their connections.
            #expect(try await ann.felt("watch").status == 200)
            for (name, connection, start) in [("HTTP/1.0", plain, begun[0]), ("HTTP/1.0 keep-alive", kept, begun[1])] {
                let (rest, closed) = await connection.readUntilClosed(timeout: .seconds(30))
                let text = start + rest
                let (head, body) = Self.split(text)
                #expect(head.hasPrefix("HTTP/1.0 200"), "\(name): \(head)")
                #expect(head.contains("Connection: close"), "\(name): \(head)")
                #expect(!head.lowercased().contains("transfer-encoding") && !head.lowercased().contains("content-length"), "\(name): \(head)")
                #expect(body.hasPrefix("retry: 2000\n\nevent: view\n"), "\(name): \(body.prefix(80))")
                #expect(closed, "\(name): the connection stayed open after the stream's end")
            }
            let (head, body) = Self.split(begun[2])
            #expect(head.hasPrefix("HTTP/1.1 200") && head.lowercased().contains("transfer-encoding: chunked"), "\(head)")
            #expect(!body.hasPrefix("retry"), "HTTP/1.1 is chunked: \(body.prefix(40))")
        }
    }

    @Test("a client that sends its request and half-closes at once frees its stream's place at once, not at the next keep-alive")
    func halfCloseBeforeAnswer() async throws {
        try await withServer(arguments: ["--max-streams", "1", "--keep-alive-interval", "3600"]) { server in
            let ann = try await server.newTable("Ann")
            let port = server.process.port
            let gone = try RawConnection(port: port)
            try gone.get("/api/table/\(ann.table)/events")
            gone.shutDownWriting()
            // Whether the server read the end before it answered or after, the stream ends and
            // the connection closes.
            let (text, closed) = await gone.readUntilClosed(timeout: .seconds(30))
            #expect(closed, "the half-closed stream goes on: \(text.prefix(300))")
            var reopened: RawConnection?
            try await waitForRecovery("a half-closed stream's place freed", budget: .seconds(10)) {
                // Asked again once it holds: a stream opened stays open.
                if reopened != nil { return true }
                let connection = try RawConnection(port: port)
                try connection.get("/api/table/\(ann.table)/events")
                if await connection.read(until: "id: 1", timeout: .seconds(5)).contains("id: 1") { reopened = connection }
                return reopened != nil
            }
            #expect(try await server.metric("table_event_streams_open") == 1)
        }
    }

    @Test("SIGTERM: a stream client and a pipelining client that read nothing do not hold the server: it exits 0 and closes both (when, to the nanosecond: DeadlineTests)", .timeLimit(.minutes(2)))
    func drainBound() async throws {
        // The stream's write timeout is an hour: filling its queue takes a busy machine longer
        // than the default 30 s, which reset the stream before the test could stop the server.
        let process = try await ServerProcess(arguments: ["--drain-timeout", "2", "--stream-write-timeout", "3600"])
        try await withCleanup {
            let server = TestServer(process: process)
            let port = process.port
            let ann = try await server.newTable("Ann", "deck_count=8")
            let stream = try RawConnection(port: port, receiveBuffer: 4096)
            try stream.get("/api/table/\(ann.table)/events?token=\(ann.token)")
            // 40 answers of /openapi.json (about 150 KB each) asked at once, none read.
            let pipelining = try RawConnection(port: port, receiveBuffer: 4096)
            try pipelining.send(String(repeating: "GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 40))

            // The stream's views grow with Ann's hand; draw until the kernel's queue to the
            // stream stops growing for 5 draws (its buffer is full), then 5 more for NIO's.
            var queued: [Int] = []
            try await waitUntil("the stream's send queue full") {
                let queue = try #require(SocketQueues.unsent(localPort: port, remotePort: stream.localPort), "the stream's connection closed")
                queued.append(queue)
                if try await ann.act("draw").status != 200 { _ = try await ann.act("shuffle") }
                return queued.count > 5 && queued.last! > 0 && Set(queued.suffix(6)).count == 1
            }
            for _ in 0..<5 { _ = try await ann.act("draw") }
            try await waitUntil("the pipelined answers' send queue full") {
                (SocketQueues.unsent(localPort: port, remotePort: pipelining.localPort) ?? 0) > 32 * 1024
            }

            process.terminate()
            // Without the drain deadline the server ran on until its stop deadline (exit 70);
            // the test's time limit ends any longer wait (and the server) instead of a timer here.
            let status = await process.waitForExit()
            let errors = await process.errorOutput()
            // The drain (2 s) ended both: the stream's write timeout (an hour) and the idle
            // timeout (60 s) would end them later, and nothing ends a pipelined answer never read.
            #expect(status == 0, "\(errors.prefix(600))")
            for connection in [stream, pipelining] {
                #expect(await connection.readUntilClosed(timeout: .seconds(30)).closed)
            }
        } cleanup: {
            await process.stopAndRemoveData()
        }
    }

    /// The head and the body of an answer read raw.
    private static func split(_ text: String) -> (head: String, body: Substring) {
        guard let end = text.range(of: "\r\n\r\n") else { return (text, "") }
        return (String(text[..<end.lowerBound]), text[end.upperBound...])
    }
}
