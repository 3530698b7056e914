import DeckService
import Foundation
import PlayingCards
import PropertyBased
import Testing
import DeckStoreSupport

@Suite("The application layer over an in-memory store")
struct DeckServiceTests {
    static let service = DeckService(store: InMemoryRecordStore())

    /// Random operations by number: draws, piles, returns, shuffles.
    static let steps = Gen.int(in: 0...1_000_000).array(of: 0...60)

    @Test("any sequence of operations keeps every copy in exactly one place, and the stored form reads back the same")
    func operationsKeepTheShoeWhole() async {
        await propertyCheck(count: 60, input: Self.steps, Gen.int(in: 1...3)) { steps, decks in
            let service = Self.service
            var request = NewDeckRequest()
            request.deckCount = decks
            request.jokers = decks == 2
            request.shuffle = .secure
            guard let id = try? await service.newDeck(request).id else { Issue.record("no deck"); return }
            let total = decks * (decks == 2 ? 54 : 52)
            // The model: the cards the game holds (drawn, in no pile).
            var held: [PlayingCard] = []
            for step in steps {
                let pile = "p\(step % 3)"
                switch step % 7 {
                case 0, 1:
                    if let view = try? await service.draw(id, count: step % 5, from: step % 2 == 0 ? .top : .random) { held += view.drawn ?? [] }
                case 2:
                    guard !held.isEmpty else { continue }
                    let card = held[step % held.count]
                    if (try? await service.addToPile(id, pile: pile, cards: [card])) != nil { held.remove(at: held.firstIndex(of: card)!) }
                case 3:
                    if let view = try? await service.drawFromPile(id, pile: pile, .count(step % 3, .bottom)) { held += view.drawn ?? [] }
                case 4:
                    if (try? await service.returnCards(id, cards: nil)) != nil { held = [] }
                case 5:
                    _ = try? await service.returnPile(id, pile: pile, cards: nil)
                default:
                    if (try? await service.shuffle(id, remainingOnly: step % 2 == 0, seed: nil)) != nil, step % 2 != 0 { held = [] }
                }
                guard let current = try? await service.deck(id) else { Issue.record("deck lost"); return }
                let inPiles = current.piles.flatMap(\.cards)
                #expect(current.remaining + inPiles.count + held.count == total)
                let copies = Dictionary((inPiles + held).map { ($0, 1) }, uniquingKeysWith: +)
                #expect(copies.values.allSatisfy { $0 <= decks }, "a card is in two places at once")
            }
        }
    }

    @Test("stored decks read back exactly: cards, piles, flags and fairness")
    func storedFormRoundTrips() throws {
        var deck = try PlayingCardDeck(jokers: 2, decks: 2)
        deck.shuffle(seed: ShuffleSeed(7))
        let drawn = try deck.draw(9)
        try deck.add(Array(drawn[0..<3]), toPile: "hand")
        try deck.add([], toPile: "empty")
        try deck.add(Array(drawn[3..<5]), toPile: "défausse ♠")
        let fair = StoredDeck.Fairness(serverSeed: ShuffleSeed(99), clientSeed: "tulip-8812", nonce: 3, revealed: true)
        for stored in [StoredDeck(deck: deck, shuffled: true, fairness: fair), StoredDeck(deck: PlayingCardDeck(), shuffled: false)] {
            let read = try StoredDeck(decoding: stored.encoded())
            #expect(read == stored)
            #expect(read.deck.pileNames == stored.deck.pileNames)
        }
    }

    @Test("damaged stored bytes are refused, never half read")
    func damagedRecords() throws {
        let bytes = try StoredDeck(deck: PlayingCardDeck(), shuffled: false).encoded()
        for damaged in [[], Array(bytes.dropLast()), bytes + [0], [9] + bytes.dropFirst(), Array(bytes.prefix(4)) + [200] + bytes.dropFirst(5)] {
            #expect(throws: ServiceError.self) { try StoredDeck(decoding: damaged) }
        }
    }

    @Test("the stored form refuses a count it cannot hold instead of cutting it short")
    func storedFormLimits() throws {
        // 65,535 cards fit the 2-byte count; one more does not.
        let fits = StoredDeck(deck: PlayingCardDeck(cards: Array(repeating: PlayingCard(.ace, of: .spades), count: 65_535)), shuffled: false)
        #expect(try StoredDeck(decoding: fits.encoded(id: "x")).deck.count == 65_535)
        let tooMany = StoredDeck(deck: PlayingCardDeck(cards: Array(repeating: PlayingCard(.ace, of: .spades), count: 65_536)), shuffled: false)
        let error = #expect(throws: ServiceError.self) { try tooMany.encoded(id: "deckid") }
        #expect(error?.kind == .internalFailure)
        #expect(error?.value == "deckid")
        #expect(error?.problem.contains("65536") == true)
    }

    @Test("a deck holds at most 20 × 54 cards, however it is made")
    func cardsPerDeck() async throws {
        let service = DeckService(store: InMemoryRecordStore())
        let limit = service.limits.cardsPerDeck
        #expect(limit == 1080)
        var shoe = NewDeckRequest()
        shoe.deckCount = 20
        shoe.jokers = true
        #expect(try await service.newDeck(shoe).remaining == limit)
        let codes = (PlayingCard.standardDeck + [.joker(.black), .joker(.red)] + [PlayingCard(.ace, of: .spades)])
        var partial = NewDeckRequest()
        partial.deckCount = 20
        partial.cards = codes
        let error = await #expect(throws: ServiceError.self) { try await service.newDeck(partial) }
        #expect(error?.kind == .badRequest)
        #expect(error?.subject == .cards)
        #expect(error?.problem.contains("1100") == true && error?.problem.contains("1080") == true, "\(String(describing: error))")
        let huge = Array(repeating: PlayingCard(.two, of: .clubs), count: 3277)
        var long = NewDeckRequest()
        long.cards = huge
        await #expect(throws: ServiceError.self) { try await service.newDeck(long) }
        #expect(try await service.storedCounts().decks == 1)
    }

    @Test("deck ids are 26 URL-safe characters and do not repeat")
    func deckIDs() async throws {
        var ids = Set<String>()
        for _ in 0..<200 {
            let id = try await Self.service.newDeck(NewDeckRequest()).id
            #expect(id.count == 26)
            #expect(id.allSatisfy { ("a"..."z").contains($0) || ("2"..."7").contains($0) })
            ids.insert(id)
        }
        #expect(ids.count == 200)
    }

    @Test("a refused change leaves the stored deck as it was")
    func refusedChanges() async throws {
        let id = try await Self.service.newDeck(NewDeckRequest()).id
        _ = try await Self.service.draw(id, count: 3)
        let before = try await Self.service.deck(id)
        await #expect(throws: ServiceError.self) { try await Self.service.draw(id, count: 50) }
        await #expect(throws: ServiceError.self) { try await Self.service.addToPile(id, pile: "x", cards: [PlayingCard(.king, of: .hearts)]) }
        await #expect(throws: ServiceError.self) { try await Self.service.shuffle("nosuchdeck", remainingOnly: false, seed: nil) }
        #expect(try await Self.service.deck(id) == before)
    }
}
