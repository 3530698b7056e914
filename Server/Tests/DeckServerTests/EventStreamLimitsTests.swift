@testable import DeckServerHTTP
import DeckTestSupport
import Foundation
import Testing

/// The bounds on table event streams that hostile or broken clients meet, against the built
/// server: streams per client address, the bound on all streams, a client that stops reading,
/// and the metrics that show them.
@Suite("Event streams: per-client limit, stalled readers, the bound and the metrics", .serialized)
struct EventStreamLimitsTests {
    @Test("--max-streams-per-client: past it 429 with Retry-After naming the limit, counted by address (X-Forwarded-For with --trust-proxy); a stream's end, or its refusal, gives its place back")
    func perClientLimit() async throws {
        try await withServer(arguments: ["--max-streams-per-client", "2", "--trust-proxy"]) { server in
            let ann = try await server.newTable("Ann")
            let port = server.process.port
            // Opens the felt stream as `address`; returns the connection and what it read of the
            // answer up to the first event (or the whole refusal).
            func open(as address: String) async throws -> (RawConnection, String) {
                let connection = try RawConnection(port: port)
                try connection.get("/api/table/\(ann.table)/felt/events", headers: [("X-Forwarded-For", address)])
                // The head first: a refusal keeps the connection open, and ends no stream.
                let head = await connection.read(until: "\r\n\r\n")
                guard RawHTTP.status(head) == 200, !head.contains("event: view") else { return (connection, head) }
                return (connection, head + (await connection.read(until: "event: view")))
            }
            let (first, firstText) = try await open(as: "203.0.113.9")
            let (second, secondText) = try await open(as: "203.0.113.9")
            #expect(RawHTTP.status(firstText) == 200 && RawHTTP.status(secondText) == 200, "\(firstText.prefix(200))")

            // The third from the same address, on any of the stream paths: 429.
            for path in ["/api/table/\(ann.table)/felt/events", "/api/table/\(ann.table)/events"] {
                let refused = try await server.get(path, headers: [("X-Forwarded-For", "203.0.113.9")])
                #expect(refused.status == 429, "\(path): \(refused.status) \(refused.text)")
                #expect(refused.headers.first(name: "retry-after") == "5")
                #expect(refused.error.contains("limit of 2 open at once"), "\(refused.text)")
            }
            // A stream the service refuses (a token that holds no seat) gives its place back:
            // the other address's two refusals leave it both its places.
            for _ in 0..<2 {
                let wrong = try await server.get(
                    "/api/table/\(ann.table)/felt/events?token=nosuchtoken", headers: [("X-Forwarded-For", "198.51.100.7")])
                #expect(wrong.status == 401, "\(wrong.status) \(wrong.text)")
            }
            // Another address has places of its own.
            let (other, otherText) = try await open(as: "198.51.100.7")
            #expect(RawHTTP.status(otherText) == 200, "\(otherText.prefix(200))")
            #expect(try await server.metric("table_event_streams_open") == 3)

            // A stream that ends gives its place back to its address.
            first.hangUp()
            var reopened: RawConnection?
            try await waitForRecovery("a closed stream's place given back to its address", budget: .seconds(10)) {
                if reopened != nil { return true }
                let (connection, text) = try await open(as: "203.0.113.9")
                if RawHTTP.status(text) == 200 { reopened = connection }
                return reopened != nil
            }
            _ = (second, other, reopened)
        }
    }

    @Test("without --trust-proxy every stream of one peer counts against it, whatever X-Forwarded-For says")
    func perPeerLimit() async throws {
        try await withServer(arguments: ["--max-streams-per-client", "1"]) { server in
            let ann = try await server.newTable("Ann")
            let held = try RawConnection(port: server.process.port)
            try held.get("/api/table/\(ann.table)/events")
            #expect(await held.read(until: "id: 1").contains("id: 1"))
            let refused = try await server.get("/api/table/\(ann.table)/events", headers: [("X-Forwarded-For", "198.51.100.7")])
            #expect(refused.status == 429, "\(refused.text)")
            _ = held
        }
    }

    @Test("--stream-write-timeout: a client that reads nothing is reset once it has taken no bytes that long; its send buffer is capped; readers go on; /metrics counts")
    func stalledReader() async throws {
        try await withServer(arguments: ["--stream-write-timeout", "1", "--keep-alive-interval", "3600"]) { server in
            let port = server.process.port
            // 8 decks: Ann's view, her hand included, grows to tens of kilobytes as she draws.
            let ann = try await server.newTable("Ann", "deck_count=8")
            let reader = try await EventStreamReader(server.base + "/api/table/\(ann.table)/events")
            _ = try #require(await reader.next())
            let stalled = try RawConnection(port: port, receiveBuffer: 4096)
            try stalled.get("/api/table/\(ann.table)/events?token=\(ann.token)")
            try await waitUntil("both streams open") { try await server.metric("table_event_streams_open") == 2 }

            // Each draw sends Ann's whole view to a client that reads none of it: the kernel's
            // buffers fill, then NIO's, then a write waits, and a second later the stream ends.
            var draws = 0
            var largestQueue = 0
            try await waitUntil("the stalled stream's end") {
                if try await server.metric("table_event_streams_open") == 1 { return true }
                largestQueue = max(largestQueue, SocketQueues.unsent(localPort: port, remotePort: stalled.localPort) ?? 0)
                if try await ann.act("draw").status != 200 { _ = try await ann.act("shuffle") }
                draws += 1
                return false
            }
            // The send buffer is 64 KiB (the kernel doubles it for its bookkeeping); unbounded,
            // it grows to megabytes.
            #expect(largestQueue > 0 && largestQueue <= 160 * 1024, "the kernel held \(largestQueue) bytes for a client that reads nothing")
            let (_, closed) = await stalled.readUntilClosed(timeout: .seconds(30))
            #expect(closed, "the stalled connection is still open after \(draws) draws")

            // The reading stream goes on and sees the newest version.
            let version = try await ann.view().version
            #expect(try await reader.view(atLeast: version) != nil)
            await reader.close()
            #expect(try await server.metric("table_events_sent_total") ?? 0 >= 2)
            // Whether a view was dropped here depends on when the deadline struck; the counting
            // of drops is held exactly by TableEventCloseAndTallyTests.
            #expect(try await server.metric("table_events_dropped_total") != nil)
            #expect(try await server.metric("tables_stored") == 1)
        }
    }

    @Test("--max-streams defaults to three quarters of --max-connections; past it 503 with Retry-After")
    func defaultStreamBound() async throws {
        #expect(FileLimit.defaultMaxStreams(connections: FileLimit.defaultMaxConnections(files: 1024)) == 672)
        #expect(FileLimit.defaultMaxStreams(connections: 16_384) == 12_288)
        #expect(FileLimit.defaultMaxStreams(connections: 1) == 1)
        try await withServer(arguments: ["--max-connections", "20", "--max-streams-per-client", "0", "--max-connections-per-client", "0"]) { server in
            let ann = try await server.newTable("Ann")
            var held: [RawConnection] = []
            for _ in 0..<15 {
                let connection = try RawConnection(port: server.process.port)
                try connection.get("/api/table/\(ann.table)/events")
                #expect(await connection.read(until: "id: 1").contains("id: 1"))
                held.append(connection)
            }
            let refused = try RawConnection(port: server.process.port)
            try refused.get("/api/table/\(ann.table)/events")
            let answer = await refused.readAnswer()
            #expect(RawHTTP.status(answer) == 503, "\(answer.prefix(300))")
            #expect(answer.lowercased().contains("retry-after: 2"), "\(answer.prefix(300))")
            #expect(answer.contains("15 at once"), "\(answer.prefix(300))")
        }
    }
}
