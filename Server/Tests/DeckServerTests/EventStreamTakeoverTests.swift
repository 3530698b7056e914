import DeckTestSupport
import Foundation
import Testing

/// A stream opened by a connection's first request, served without a task: answered as its
/// route answers (headers, refusals, CORS, metrics), and a stream opened later on a kept-alive
/// connection, served by its route, the same.
@Suite("Event streams served from the connection: first requests and later ones alike")
struct EventStreamTakeoverTests {
    @Test("a first request's stream: the route's head with CORS, its events, and counted in the request metrics")
    func firstRequest() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann")
            let connection = try RawConnection(port: server.process.port)
            try connection.get("/api/table/\(ann.table)/events?token=\(ann.token)", headers: [("Origin", "https://cards.example.org")])
            let text = await connection.read(until: "id: 1\n")
            #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(200))")
            #expect(text.contains("Content-Type: text/event-stream; charset=utf-8"))
            #expect(text.contains("Access-Control-Allow-Origin: *"))
            #expect(text.contains("X-Content-Type-Options: nosniff"))
            #expect(text.contains("retry: 2000\n\n") && text.contains("id: 1\n"))
            #expect(try await ann.act("draw").status == 200)
            #expect(await connection.read(until: "id: 2\n").contains("\"hand\""), "the seat's stream shows its hand")
            let metrics = try await server.get("/metrics").text
            #expect(metrics.contains(#"http_requests_total{method="GET",route="/api/table/{table_id}/events",status="200"} 1"#), "\(metrics.split(separator: "\n").filter { $0.contains("events") })")
        }
    }

    @Test("a first request the route refuses gets the route's error, and the connection goes on serving")
    func refusedFirstRequest() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann")
            let connection = try RawConnection(port: server.process.port)
            try connection.get("/api/table/\(ann.table)/events?token=nosuchtokennosuchtokennosuchtokennosuchtok")
            let refusal = await connection.readAnswer()
            #expect(RawHTTP.status(refusal) == 401, "\(refusal.prefix(300))")
            #expect(refusal.contains(#""success":false"#) && refusal.contains("holds no seat"), "\(refusal)")
            try connection.get("/api/table/nosuchtable/felt/events")
            #expect(RawHTTP.status(await connection.readAnswer()) == 404)
            try connection.get("/healthz")
            #expect(RawHTTP.status(await connection.readAnswer()) == 200)
        }
    }

    @Test("a stream asked for after another request on a kept-alive connection is served by its route")
    func laterRequest() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann")
            let connection = try RawConnection(port: server.process.port)
            try connection.get("/healthz")
            #expect(RawHTTP.status(await connection.readAnswer()) == 200)
            try connection.get("/api/table/\(ann.table)/felt/events?token=\(ann.token)")
            let text = await connection.read(until: "event: view\n")
            #expect(text.hasPrefix("HTTP/1.1 200") && text.contains("event: view\n"), "\(text.prefix(300))")
            #expect(try await server.metric("table_event_streams_open") == 1)
            connection.hangUp()
            try await waitUntil("the stream's place given back") { try await server.metric("table_event_streams_open") == 0 }
        }
    }
}
