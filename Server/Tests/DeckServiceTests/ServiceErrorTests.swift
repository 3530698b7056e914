import DeckService
import Foundation
import PlayingCards
import Testing
import DeckStoreSupport

@Suite("Refusals are structured: what was wrong, the value, what is allowed")
struct ServiceErrorTests {
    let service = DeckService(store: InMemoryRecordStore())

    /// The error `body` throws, which must be a ``ServiceError``.
    func refusal(_ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async -> ServiceError? {
        do {
            try await body()
            Issue.record("no error was thrown", sourceLocation: sourceLocation)
            return nil
        } catch let error as ServiceError {
            return error
        } catch {
            Issue.record("\(error) is not a ServiceError", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test("a bad deck count carries its subject, value and bounds, and no HTTP names")
    func deckCount() async throws {
        var request = NewDeckRequest()
        request.deckCount = 21
        let error = try #require(await refusal { _ = try await service.newDeck(request) })
        #expect(error.kind == .badRequest)
        #expect(error.subject == .deckCount)
        #expect(error.value == "21")
        #expect(error.allowed == "give 1 to 20")
        #expect(error.description == "the deck count 21 is not allowed: give 1 to 20")
        #expect(error.worded(naming: "deck_count") == "deck_count 21 is not allowed: give 1 to 20")
    }

    @Test("every card that cannot be moved is named, not only the first; nothing moves")
    func everyBadCardNamed() async throws {
        let id = try await service.newDeck(NewDeckRequest()).id
        let add = try #require(await refusal { _ = try await service.addToPile(id, pile: "p", cards: try ["AS", "3S", "2S"].map { try PlayingCard($0) }) })
        #expect(add.subject == .cards)
        for code in ["(AS)", "(3S)", "(2S)"] { #expect(add.problem.contains(code), "\(add.problem)") }
        _ = try await service.draw(id, count: 2)
        let back = try #require(await refusal { _ = try await service.returnCards(id, cards: try ["AS", "KH", "QH"].map { try PlayingCard($0) }) })
        #expect(back.problem.contains("(KH)") && back.problem.contains("(QH)"), "\(back.problem)")
        #expect(!back.problem.contains("(AS)"), "AS is drawn, so it may go back: \(back.problem)")
        #expect(try await service.deck(id).remaining == 50)
    }

    @Test("listing a pile that does not exist lists the others; adding no cards makes an empty pile")
    func pilesAsTheReferenceDoes() async throws {
        let id = try await service.newDeck(NewDeckRequest()).id
        let drawn = try await service.draw(id, count: 1).drawn ?? []
        _ = try await service.addToPile(id, pile: "discard", cards: drawn)
        let listed = try await service.listPile(id, pile: "undefined")
        #expect(listed.listedPile == nil)
        #expect(listed.piles.map(\.name) == ["discard"])
        let made = try await service.addToPile(id, pile: "hand", cards: [])
        #expect(made.piles.map(\.name) == ["discard", "hand"])
        #expect(made.piles.last?.cards == [])
        #expect(made.remaining == 51)
    }

    @Test("an id not of the server's shape is not found before any store call", arguments: [
        "", "a", String(repeating: "a", count: 25), String(repeating: "a", count: 27), "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        String(repeating: "a", count: 25) + "\u{0}", String(repeating: "a", count: 25) + "1", "../../etc/passwd",
    ])
    func idShape(_ id: String) async throws {
        let store = CountingStore()
        let service = DeckService(store: store)
        let error = try #require(await refusal { _ = try await service.draw(id, count: 1) })
        #expect(error.kind == .notFound)
        #expect(error.subject == .deck)
        _ = await refusal { _ = try await service.deck(id) }
        _ = await refusal { _ = try await service.memoryGame(id) }
        _ = await refusal { _ = try await service.chooseMemoryCard(id, index: 0) }
        #expect(await store.calls == 0)
    }

    @Test("the idle-record job runs only when the store grants it, and reports what it deleted")
    func idleJob() async throws {
        let service = DeckService(store: InMemoryRecordStore(), now: { Date(timeIntervalSince1970: 1_000_000) })
        _ = try await service.newDeck(NewDeckRequest())
        #expect(try await service.storedCounts() == StoredCounts(decks: 1, games: 0))
        #expect(try await service.runIdleRecordJob(idleTime: -1, every: 60) == 1)
        #expect(try await service.storedCounts().decks == 0)
        try await service.checkHealth()
    }
}

/// A store that counts the calls that reach it, and holds nothing.
private actor CountingStore: RecordStore {
    var calls = 0

    func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) { calls += 1 }
    func read(_ kind: RecordKind, id: String) -> [UInt8]? {
        calls += 1
        return nil
    }
    func update<Result: Sendable>(
        _ kind: RecordKind, id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
    ) -> Result? {
        calls += 1
        return nil
    }
    func deleteRecords(changedBefore cutoff: Date, imagesStoredBefore imageCutoff: Date) -> Int { 0 }
    func count(_ kind: RecordKind) -> Int { 0 }
    func checkHealth() {}
}
