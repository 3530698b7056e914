import DeckTestSupport
import Foundation
import Testing

/// The attacks on the connection layer that a probe of the release build found (issue 41's
/// F2, F5, F6 and F7), each against a built server: what a client sends after its stream's
/// request, many connections from one address, streams cut by a stop, and framing the parser
/// rejects.
@Suite("Attacks on the connection layer, against the built server")
struct ConnectionAttackTests {
    @Test("bytes sent after a stream's request close the connection at once; four such floods leave the server's memory flat", .timeLimit(.minutes(2)))
    func bytesAfterStream() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann")
            let pid = server.process.processIdentifier
            var streams: [RawConnection] = []
            for _ in 0..<4 {
                let stream = try RawConnection(port: server.process.port)
                try stream.send("GET /api/table/\(ann.table)/events?token=\(ann.token) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(await stream.read(until: "id: 1\n").contains("id: 1\n"))
                streams.append(stream)
            }
            let before = try residentBytes(of: pid)
            let flood = String(repeating: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 10_000)
            let most = 64 << 20
            for stream in streams {
                var sent = 0
                while sent < most, (try? stream.send(flood)) != nil { sent += flood.utf8.count }
                #expect(sent < most, "the server took \(sent >> 20) MiB after the stream's request")
                let (_, closed) = await stream.readUntilClosed()
                #expect(closed)
            }
            let grew = try residentBytes(of: pid) - before
            #expect(grew < 8 << 20, "the server grew \(grew >> 10) KiB")
            #expect(try await server.get("/healthz").status == 200)
        }
    }

    @Test("--max-connections-per-client: past it a new connection from the address is closed at once, while other addresses are served; a closed one gives its place back")
    func connectionsPerClient() async throws {
        try await withServer(arguments: ["--max-connections-per-client", "3", "--max-connections", "10"]) { server in
            let port = server.process.port
            let healthz = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            let held = try (0..<3).map { _ in try RawConnection(port: port) }
            for connection in held {
                try connection.send(healthz)
                #expect(RawHTTP.status(await connection.readAnswer()) == 200)
            }
            let refused = try RawConnection(port: port)
            let (text, closed) = await refused.readUntilClosed()
            #expect(closed && text.isEmpty, "\(text)")

            let other = try RawConnection(port: port, source: "127.0.0.2")
            try other.send(healthz)
            #expect(RawHTTP.status(await other.readAnswer()) == 200, "another address is not counted with the first")

            held[0].hangUp()
            // Each try is a connection of its own, and the first served keeps its place: once
            // one is served, that is the answer.
            var served = false
            try await waitUntil("the closed connection's place given back") {
                if served { return true }
                let again = try RawConnection(port: port)
                guard (try? again.send(healthz)) != nil else { return false }
                served = RawHTTP.status(await again.readAnswer(timeout: .seconds(5))) == 200
                return served
            }
        }
    }

    @Test("SIGTERM ends every stream (30, the most one address may hold) with the chunked end before the process exits, and it exits 0")
    func streamsEndOnStop() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann")
            var streams: [RawConnection] = []
            for index in 0..<30 {
                let stream = try RawConnection(port: server.process.port)
                let path = index.isMultiple(of: 2) ? "/api/table/\(ann.table)/events?token=\(ann.token)" : "/api/table/\(ann.table)/felt/events"
                try stream.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(await stream.read(until: "\n\n").contains("retry: 2000"))
                streams.append(stream)
            }
            server.process.terminate()
            var cut = 0
            for stream in streams {
                let (text, closed) = await stream.readUntilClosed()
                // An event's chunk ends "\n\n\r\n": only the last chunk ends so.
                if !(closed && text.hasSuffix("0\r\n\r\n")) { cut += 1 }
            }
            #expect(cut == 0, "\(cut) of 30 streams were cut without their end")
            #expect(await server.process.stop() == 0)
        }
    }

    @Test("malformed framing is answered 400 at once, not after the head timeout, and the connection closed")
    func malformedFraming() async throws {
        try await withServer(arguments: ["--head-timeout", "600"]) { server in
            for request in [
                "POST /api/deck/new/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                "GET /healthz HTTP/1.1\nHost: 127.0.0.1\n\n",
                "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
            ] {
                let connection = try RawConnection(port: server.process.port)
                try connection.send(request)
                let (answer, closed) = await connection.readUntilClosed(timeout: .seconds(60))
                #expect(RawHTTP.status(answer) == 400 && closed, "\(answer)")
                #expect(answer.contains("not well-formed HTTP/1.1"), "\(answer)")
            }
            let big = try RawConnection(port: server.process.port)
            try? big.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 200_000))\r\n\r\n")
            let (answer, closed) = await big.readUntilClosed(timeout: .seconds(60))
            #expect(RawHTTP.status(answer) == 431 && closed, "\(answer.prefix(300))")
        }
    }
}
