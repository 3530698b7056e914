import DeckService
import Foundation
import PlayingCards
import PropertyBased
import Testing
import DeckStoreSupport

/// Lenient requests, deckofcardsapi's way: they do the part a strict request would accept and
/// name the rest, never more and never less.
@Suite("Lenient adds, returns and draws against strict ones")
struct LenientRequestTests {
    /// Every card a deck here may hold, jokers included.
    static let universe = PlayingCard.standardDeck + [.joker(.black), .joker(.red)]

    /// Four decks made and played alike (a seeded shuffle, the same draws and piles), so that
    /// one can take a lenient request, two strict ones, and one be read as they all were.
    static func quadruplets(_ service: DeckService, decks: Int, setup: [Int]) async throws -> [String] {
        var ids: [String] = []
        for _ in 0..<4 {
            var request = NewDeckRequest()
            request.deckCount = decks
            request.jokers = decks == 2
            request.shuffle = .seeded(ShuffleSeed(UInt64(setup.first ?? 1)))
            let id = try await service.newDeck(request).id
            let drawn = try await service.draw(id, count: min(setup.count * 3, decks * 52)).drawn ?? []
            for (index, card) in drawn.enumerated() where setup[index % setup.count] % 3 != 0 {
                _ = try await service.addToPile(id, pile: "p\(setup[index % setup.count] % 3)", cards: [card])
            }
            ids.append(id)
        }
        return ids
    }

    /// `list` less the cards left out: for a card both moved and left out, the later copies are
    /// the ones left out.
    static func moved(_ list: [PlayingCard], leaving leftOut: [DeckView.LeftOut]) -> [PlayingCard] {
        var skip = Dictionary(leftOut.map { ($0.card, 1) }, uniquingKeysWith: +)
        var kept: [PlayingCard] = []
        for card in list.reversed() {
            if let count = skip[card], count > 0 { skip[card] = count - 1 } else { kept.append(card) }
        }
        return kept.reversed()
    }

    /// What a deck holds, in order: its piles, and the cards left in the deck, top first (drawn
    /// to read them).
    static func contents(_ service: DeckService, _ id: String) async throws -> ([DeckView.Pile], [PlayingCard]) {
        let view = try await service.deck(id)
        return (view.piles, try await service.draw(id, count: view.remaining).drawn ?? [])
    }

    static let cases = Gen.int(in: 0...1_000_000).array(of: 1...20)

    /// Where a deck's cards were before an operation, counting copies.
    struct Places {
        var deck: [PlayingCard: Int]
        var piles: [String: [PlayingCard: Int]]
        var out: [PlayingCard: Int]

        /// Reads deck `id` (drawing its cards to see them) of a shoe of `decks` decks.
        init(_ service: DeckService, _ id: String, decks: Int) async throws {
            let (piles, rest) = try await LenientRequestTests.contents(service, id)
            deck = Self.copies(rest)
            self.piles = Dictionary(uniqueKeysWithValues: piles.map { ($0.name, Self.copies($0.cards)) })
            let shoe = (decks == 2 ? LenientRequestTests.universe : PlayingCard.standardDeck).flatMap { Array(repeating: $0, count: decks) }
            out = Self.copies(shoe)
            for (card, count) in deck { out[card]! -= count }
            for pile in self.piles.values { for (card, count) in pile { out[card]! -= count } }
        }

        static func copies(_ cards: [PlayingCard]) -> [PlayingCard: Int] {
            cards.reduce(into: [:]) { $0[$1, default: 0] += 1 }
        }

        /// Copies of `card` in piles other than `except`.
        func inPiles(_ card: PlayingCard, except: String?) -> Int {
            piles.filter { $0.key != except }.values.reduce(0) { $0 + ($1[card] ?? 0) }
        }
    }

    /// Checks, against where the cards were before, that every card moved could move (out of
    /// the deck and, when adding to `target`, in no pile or another pile) and that every reason
    /// given for a card left out is true.
    static func checkReasons(
        _ before: Places, list: [PlayingCard], moved: [PlayingCard], leftOut: [DeckView.LeftOut], target: String?
    ) {
        for (card, count) in Places.copies(moved) {
            let movable = (before.out[card] ?? 0) + (target == nil ? 0 : before.inPiles(card, except: target))
            #expect(count <= movable, "\(count) × \(card) moved, \(movable) could")
        }
        for item in leftOut {
            let card = item.card
            switch item.reason {
            case .inDeck:
                #expect(before.deck[card, default: 0] > 0, "\(card) is not in the deck")
            case .inPile(let name):
                #expect(before.piles[name]?[card, default: 0] ?? 0 > 0 || (name == target && moved.contains(card)), "\(card) is not in pile \(name)")
            case .listedAgain:
                let movable = (before.out[card] ?? 0) + (target == nil ? 0 : before.inPiles(card, except: target))
                #expect(list.filter { $0 == card }.count > movable, "\(card) is not listed more often than it can move")
            case .notInThisDeck:
                #expect(before.out[card] == nil, "\(card) is a card of this deck")
            case .notInPile:
                Issue.record("\(card): no pile is named by an add or a deck's return")
            }
        }
    }

    /// Holds a lenient operation to a strict one on decks played alike: the lenient one on a
    /// random list moves what the strict one moves on the list less the cards left out, every
    /// reason it gives is true, and the strict one takes the whole list only when nothing is
    /// left out. `target` is the pile added to, `nil` for a return to the deck.
    static func holdToStrict(
        setup: [Int], picks: [Int], decks: Int,
        target: String?, _ operation: @escaping @Sendable (DeckService, String, [PlayingCard], Strictness) async throws -> DeckView
    ) async {
        let service = DeckService(store: InMemoryRecordStore())
        do {
            let ids = try await Self.quadruplets(service, decks: decks, setup: setup)
            let list = picks.map { Self.universe[$0 % Self.universe.count] }
            let lenient = try await operation(service, ids[0], list, .lenient)
            let moved = Self.moved(list, leaving: lenient.leftOut)
            #expect(moved.count + lenient.leftOut.count == list.count)
            Self.checkReasons(try await Places(service, ids[3], decks: decks), list: list, moved: moved, leftOut: lenient.leftOut, target: target)
            _ = try await operation(service, ids[1], moved, .strict)
            let (lenientPiles, lenientRest) = try await Self.contents(service, ids[0])
            let (strictPiles, strictRest) = try await Self.contents(service, ids[1])
            #expect(lenientPiles == strictPiles && lenientRest == strictRest)
            let accepted = (try? await operation(service, ids[2], list, .strict)) != nil
            #expect(accepted == lenient.leftOut.isEmpty, "strict \(accepted ? "took" : "refused") \(list), lenient left out \(lenient.leftOut)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a lenient add moves exactly what a strict add of the same cards less those left out moves; strict accepts the whole list only when nothing is left out")
    func addMatchesStrict() async {
        await propertyCheck(count: 40, input: Self.cases, Self.cases, Gen.int(in: 1...3)) { setup, picks, decks in
            // A case computes for tens of milliseconds without a suspension: yielding first lets the
            // suite's other tests (two threads run them all) go on between cases.
            await Task.yield()
            let target = "p\(picks[0] % 3)"
            await Self.holdToStrict(setup: setup, picks: picks, decks: decks, target: target) { service, id, cards, strictness in
                try await service.addToPile(id, pile: target, cards: cards, strictness: strictness)
            }
        }
    }

    @Test("a lenient return puts back exactly what a strict return of the same cards less those left out does")
    func returnMatchesStrict() async {
        await propertyCheck(count: 40, input: Self.cases, Self.cases, Gen.int(in: 1...3)) { setup, picks, decks in
            // A case computes for tens of milliseconds without a suspension: yielding first lets the
            // suite's other tests (two threads run them all) go on between cases.
            await Task.yield()
            await Self.holdToStrict(setup: setup, picks: picks, decks: decks, target: nil) { service, id, cards, strictness in
                try await service.returnCards(id, cards: cards, strictness: strictness)
            }
        }
    }

    @Test("a lenient draw of more than remain draws them all and says how many were asked for; a strict one draws nothing")
    func shortDraws() async throws {
        let service = DeckService(store: InMemoryRecordStore())
        let id = try await service.newDeck(NewDeckRequest()).id
        _ = try await service.draw(id, count: 50)
        let error = await #expect(throws: ServiceError.self) { try await service.draw(id, count: 3) }
        #expect(error?.kind == .cardsMissing)
        let short = try await service.draw(id, count: 3, from: .bottom, strictness: .lenient)
        #expect(short.drawn?.count == 2 && short.asked == 3 && short.remaining == 0)
        let whole = try await service.draw(id, count: 0, strictness: .lenient)
        #expect(whole.asked == nil)
        #expect(await #expect(throws: ServiceError.self) { try await service.draw(id, count: -1, strictness: .lenient) }?.kind == .badRequest)
    }
}
