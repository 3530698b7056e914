import PlayingCards

/// Checks on cards a request moves: that the game holds them, or that a pile has them. Each
/// check names every card that fails it, not only the first, so that one answer says all a
/// client has to fix.
extension DeckService {
    /// Checks that the game holds every card of `cards` (drawn, counting copies), or, with
    /// `piles` set, that the missing copies lie in a pile other than `exceptPile` (such cards
    /// move from that pile).
    ///
    /// - Throws: ``ServiceError`` naming each card that is still in the deck, lies in a pile it
    ///   may not come from, or did not come from this deck.
    static func checkHeld(_ cards: [PlayingCard], in deck: PlayingCardDeck, takingFromPilesExcept exceptPile: String?) throws(ServiceError) {
        var available = copies(of: deck.cardsOut)
        var inPiles: [PlayingCard: Int] = [:]
        if let exceptPile {
            for name in deck.pileNames where name != exceptPile {
                for card in deck.pile(name) ?? [] { inPiles[card, default: 0] += 1 }
            }
        }
        let inDeck = copies(of: deck.cards)
        var stillInDeck: [PlayingCard] = []
        var inAPile: [PlayingCard] = []
        var foreign: [PlayingCard] = []
        for card in cards {
            if available[card, default: 0] > 0 {
                available[card]! -= 1
            } else if inPiles[card, default: 0] > 0 {
                inPiles[card]! -= 1
            } else if inDeck[card, default: 0] > 0 {
                stillInDeck.append(card)
            } else if deck.composition.contains(card) {
                inAPile.append(card)
            } else {
                foreign.append(card)
            }
        }
        var problems: [String] = []
        if !stillInDeck.isEmpty { problems.append("\(listed(stillInDeck)) \(stillInDeck.count == 1 ? "is" : "are") already in the deck") }
        if !inAPile.isEmpty {
            let place = exceptPile.map { "already in pile '\($0)'" } ?? "in a pile"
            problems.append("\(listed(inAPile)) \(inAPile.count == 1 ? "is" : "are") \(place)")
        }
        if !foreign.isEmpty { problems.append("\(listed(foreign)) did not come from this deck") }
        guard problems.isEmpty else {
            throw ServiceError.badRequest(
                .cards, "cannot be moved: " + problems.joined(separator: "; "),
                allowed: exceptPile == nil
                    ? "only drawn cards in no pile go back to the deck; return pile cards through the pile"
                    : "only drawn cards, or cards in another pile, can be added to a pile")
        }
    }

    /// Checks that the pile holds every card of `cards`, counting copies.
    ///
    /// - Throws: ``ServiceError`` naming each card the pile does not hold.
    static func checkPile(_ name: String, holds cards: [PlayingCard], in deck: PlayingCardDeck) throws(ServiceError) {
        var held = copies(of: deck.pile(name) ?? [])
        var missing: [PlayingCard] = []
        for card in cards {
            if held[card, default: 0] > 0 { held[card]! -= 1 } else { missing.append(card) }
        }
        guard missing.isEmpty else {
            throw ServiceError.badRequest(
                .cards, "cannot be taken: \(listed(missing)) \(missing.count == 1 ? "is" : "are") not in pile '\(name)'",
                allowed: "list the pile to see its cards")
        }
    }

    static func copies(of cards: [PlayingCard]) -> [PlayingCard: Int] {
        cards.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// `Ace of Spades (AS), Three of Spades (3S) and Two of Spades (2S)`.
    private static func listed(_ cards: [PlayingCard]) -> String {
        let names = cards.map { "\($0.formatted(.name)) (\($0.apiCode))" }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
