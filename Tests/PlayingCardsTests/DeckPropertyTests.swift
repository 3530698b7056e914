import Foundation
import PlayingCards
import PropertyBased
import Testing

/// Random sequences of deck operations, checked against a model of where every card is.
@Suite("Deck invariants")
struct DeckPropertyTests {
    /// One step: `code % 14` picks the operation, the rest of `code` its arguments.
    static let steps = Gen.int(in: 0...1_000_000).array(of: 0...120)

    /// Runs one step. The cards the game holds are `held`; piles are "p0", "p1", "p2".
    static func apply(_ code: Int, to deck: inout PlayingCardDeck, held: inout [PlayingCard], generator: inout Xoshiro256StarStar) throws {
        let count = (code / 14) % 8 - 1  // -1 ... 6: sometimes negative, sometimes too many
        let pile = "p\((code / 112) % 3)"
        let end: PlayingCardDeck.End = (code / 336) % 2 == 0 ? .top : .bottom
        switch code % 14 {
        case 0: if let card = deck.draw(from: end) { held.append(card) }
        case 1: held += try deck.draw(count, from: end)
        case 2: if let card = deck.drawAtRandom(using: &generator) { held.append(card) }
        case 3: try deck.deal(count, toPile: pile)
        case 4: held += try deck.deal(hands: 2, cardsEach: count).joined()
        case 5: try deck.cut(at: count * 7)
        case 6:
            // Return some held cards, or a card that is not held (which must be refused).
            let returned = held.isEmpty ? [PlayingCard.allCards[code % 54]] : Array(held.suffix(max(count, 1)))
            try deck.return(returned, to: end)
            held.removeLast(returned.count)
        case 7:
            let added = held.isEmpty ? [PlayingCard.allCards[code % 54]] : [held.last!]
            try deck.add(added, toPile: pile, at: end)
            held.removeLast()
        case 8: held += try deck.drawFromPile(pile, count: count, from: end)
        case 9: held.append(try deck.drawAtRandom(fromPile: pile, using: &generator))
        case 10: try deck.returnPile(pile, to: end)
        case 11: held += try deck.takePile(pile)
        case 12:
            if count % 2 == 0 { deck.shuffle(using: &generator) } else { try deck.shufflePile(pile, using: &generator) }
        default: held.append(try deck.draw(PlayingCard.allCards[code % 54]))
        }
    }

    static func counts(_ cards: some Sequence<PlayingCard>) -> [PlayingCard: Int] {
        cards.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    @Test func noCardIsLostOrDuplicated() async {
        await propertyCheck(count: 300, input: Self.steps, Gen.int(in: 0...2)) { steps, jokers in
            var deck = try! PlayingCardDeck(jokers: jokers, decks: 1 + jokers % 2)
            var held: [PlayingCard] = []
            var generator = Xoshiro256StarStar(seed: ShuffleSeed(UInt64(steps.count)))
            for code in steps {
                let before = deck
                let heldBefore = held
                do {
                    try Self.apply(code, to: &deck, held: &held, generator: &generator)
                } catch {
                    #expect(deck == before, "a refused step (\(error)) changed the deck")
                    #expect(held == heldBefore)
                }
                let everywhere = deck.cards + deck.pileNames.flatMap { deck.pile($0)! } + held
                #expect(Self.counts(everywhere) == Self.counts(deck.composition))
                #expect(Self.counts(deck.cardsOut) == Self.counts(held))
            }
        }
    }

    @Test func savedStateRestoresExactly() async {
        await propertyCheck(count: 100, input: Self.steps) { steps in
            var deck = try! PlayingCardDeck(jokers: 2)
            var held: [PlayingCard] = []
            var generator = Xoshiro256StarStar(seed: ShuffleSeed(7))
            for code in steps { try? Self.apply(code, to: &deck, held: &held, generator: &generator) }
            let restored = try! JSONDecoder().decode(PlayingCardDeck.self, from: JSONEncoder().encode(deck))
            #expect(restored == deck)
        }
    }

    @Test func everyCardRoundTripsThroughNotationsAndJSON() async {
        let notations = Gen<CardNotation?>.element(of: [CardNotation]([
            .symbol, .unicode, .name, .code(), .code(CodeStyle(ten: .t, lowercaseSuit: true)), .code(CodeStyle(ten: .zero)),
        ]))
        await propertyCheck(input: Gen<PlayingCard?>.element(of: PlayingCard.allCards), notations) { card, notation in
            let card = card!, notation = notation!
            #expect(try PlayingCard(card.formatted(notation)) == card)
            // With the surrounding white space and variation selectors people paste in.
            #expect(try PlayingCard("  " + card.formatted(notation) + "\u{FE0F} ") == card)
            let json = try JSONEncoder().encode([card])
            #expect(try JSONDecoder().decode([PlayingCard].self, from: json) == [card])
        }
    }

    @Test func listsRoundTrip() async {
        await propertyCheck(input: Gen<PlayingCard?>.element(of: PlayingCard.allCards).array(of: 0...20)) { cards in
            let cards = cards.compactMap { $0 }
            let spaced = cards.map { $0.formatted(.code()) }.joined(separator: " ")
            let named = cards.map { $0.formatted(.name) }.joined(separator: ", ")
            // `try?` turns a parse error into nil, which fails the comparison.
            #expect((try? [PlayingCard](parsing: spaced)) == cards)
            if !cards.isEmpty { #expect((try? [PlayingCard](parsing: named)) == cards) }
        }
    }
}
