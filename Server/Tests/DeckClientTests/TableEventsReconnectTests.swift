@testable import DeckClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

/// How the event sequence opens a stream again, against a transport that plays the server.
@Suite("Table events reconnect")
struct TableEventsReconnectTests {
    /// Answers each stream request with the next of `bodies`, and keeps the requests.
    final class ScriptedTransport: ClientTransport {
        let bodies: Mutex<[String]>
        let requests = Mutex<[HTTPRequest]>([])

        init(_ bodies: [String]) { self.bodies = Mutex(bodies) }

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            requests.withLock { $0.append(request) }
            let next = bodies.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            guard let next else { return (HTTPResponse(status: .notFound), HTTPBody(#"{"success":false,"error":"the script ended"}"#)) }
            var response = HTTPResponse(status: .ok)
            response.headerFields[.contentType] = "text/event-stream"
            return (response, HTTPBody(next))
        }
    }

    @Test func aStreamThatEndsIsOpenedAgainAfterTheHintWithTheLastEventID() async throws {
        let view = #"{"version":7,"stacks":[],"seats":[{"number":1,"name":"Ann","hand_count":0}],"seeded":false,"felt":{}}"#
        let transport = ScriptedTransport([
            "retry: 10\n\nevent: ping\nid: 5\ndata: {}\n\n",
            "event: view\nid: 7\ndata: \(view)\n\n",
        ])
        let client = DeckClient(serverURL: URL(string: "http://127.0.0.1:9")!, transport: transport)
        var events = client.watch(key: "k").makeAsyncIterator()
        let first = try await events.next()
        guard case .view(let table) = first else { Issue.record("expected a view, got \(String(describing: first))"); return }
        #expect(table.version == 7 && table.seats.first?.name == "Ann")
        let requests = transport.requests.withLock { $0 }
        #expect(requests.count == 2, "one request per connection, not a loop: \(requests.count)")
        #expect(requests.first?.headerFields[HTTPField.Name("Last-Event-ID")!] == nil)
        #expect(requests.last?.headerFields[HTTPField.Name("Last-Event-ID")!] == "5")
        // A refusal ends the sequence with the server's words.
        let refusal = await #expect(throws: DeckClientError.self) { _ = try await events.next() }
        #expect(refusal?.status == 404 && refusal?.message == "the script ended")
    }
}
