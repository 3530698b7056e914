@testable import DeckServerHTTP
import DeckService
import Testing

/// The places of event streams, the HTTP side's admission: how many a server holds
/// (`--max-streams`) and one client address (`--max-streams-per-client`). The end-to-end tests
/// show the same through real streams (`EventStreamLimitsTests`, `TableAPITests.maxStreams`).
@Suite("Event stream places: in all and per client address")
struct StreamPlacesTests {
    @Test("a client holds at most its limit (tooMany past it), the server at most its bound (unavailable); a refusal takes no place; a place given back is taken again")
    func limits() throws {
        let places = StreamPlaces(maxStreams: 3, maxStreamsPerClient: 2)
        try places.take(for: "203.0.113.9")
        try places.take(for: "203.0.113.9")
        let tooMany = #expect(throws: ServiceError.self) { try places.take(for: "203.0.113.9") }
        #expect(tooMany?.kind == .tooMany && tooMany?.subject == .eventStreams)
        #expect(tooMany?.description.contains("limit of 2 open at once") == true, "\(String(describing: tooMany))")
        #expect(places.open == 2 && places.open(of: "203.0.113.9") == 2, "a refusal takes no place")

        try places.take(for: "198.51.100.7")
        let full = #expect(throws: ServiceError.self) { try places.take(for: "192.0.2.5") }
        #expect(full?.kind == .unavailable && full?.subject == .eventStreams)
        #expect(full?.description.contains("holds 3 at once") == true, "\(String(describing: full))")

        places.giveBack(for: "203.0.113.9")
        #expect(places.open == 2 && places.open(of: "203.0.113.9") == 1)
        try places.take(for: "192.0.2.5")
        places.giveBack(for: "203.0.113.9")
        places.giveBack(for: "198.51.100.7")
        places.giveBack(for: "192.0.2.5")
        #expect(places.open == 0 && places.open(of: "203.0.113.9") == 0 && places.open(of: "198.51.100.7") == 0)
    }

    @Test("with no per-client limit one address may take every place, and no more")
    func noPerClientLimit() throws {
        let places = StreamPlaces(maxStreams: 4, maxStreamsPerClient: nil)
        for _ in 0..<4 { try places.take(for: "203.0.113.9") }
        let full = #expect(throws: ServiceError.self) { try places.take(for: "203.0.113.9") }
        #expect(full?.kind == .unavailable)
        #expect(places.open(of: "203.0.113.9") == 4)
    }
}
