import PlayingCards

/// Checks on cards a request moves: that the game holds them, or that a pile has them. A strict
/// check names every card that fails it, not only the first, so that one answer says all a
/// client has to fix; a lenient one sorts the cards into those that move and those left out.
extension DeckService {
    /// Sorts `cards` into those the game holds (drawn, counting copies) or, with `exceptPile`
    /// set, that lie in a pile other than `exceptPile` (such cards move from that pile), and
    /// those that cannot move, each with the reason, both in the order listed.
    static func partitionMovable(
        _ cards: [PlayingCard], in deck: PlayingCardDeck, takingFromPilesExcept exceptPile: String?
    ) -> (movable: [PlayingCard], leftOut: [DeckView.LeftOut]) {
        var available = copies(of: deck.cardsOut)
        var inPiles: [PlayingCard: Int] = [:]
        if let exceptPile {
            for name in deck.pileNames where name != exceptPile {
                for card in deck.pile(name) ?? [] { inPiles[card, default: 0] += 1 }
            }
        }
        let inDeck = Set(deck.cards)
        // Where a card that cannot move lies: the pile it is added to, or the first pile that
        // holds it. Made once, not searched per card: a list may name thousands of cards.
        var pileOf: [PlayingCard: String] = [:]
        for name in exceptPile.map({ [$0] }) ?? deck.pileNames {
            for card in deck.pile(name) ?? [] where pileOf[card] == nil { pileOf[card] = name }
        }
        let composition = Set(deck.composition)
        var movable: [PlayingCard] = []
        var leftOut: [DeckView.LeftOut] = []
        for card in cards {
            if takeCopy(of: card, from: &available) || takeCopy(of: card, from: &inPiles) {
                movable.append(card)
            } else if inDeck.contains(card) {
                leftOut.append(.init(card, .inDeck))
            } else if let pile = pileOf[card] {
                leftOut.append(.init(card, .inPile(pile)))
            } else if composition.contains(card) {
                // Every copy the game holds is already moving with this request.
                leftOut.append(.init(card, .listedAgain))
            } else {
                leftOut.append(.init(card, .notInThisDeck))
            }
        }
        return (movable, leftOut)
    }

    /// Checks that the game holds every card of `cards` (drawn, counting copies), or, with
    /// `exceptPile` set, that the missing copies lie in a pile other than `exceptPile`.
    ///
    /// - Throws: ``ServiceError`` naming each card that is still in the deck, lies in a pile it
    ///   may not come from, is listed more often than it is held, or did not come from this deck.
    static func checkHeld(_ cards: [PlayingCard], in deck: PlayingCardDeck, takingFromPilesExcept exceptPile: String?) throws(ServiceError) {
        let leftOut = partitionMovable(cards, in: deck, takingFromPilesExcept: exceptPile).leftOut
        guard leftOut.isEmpty else {
            throw ServiceError.badRequest(
                .cards, "cannot be moved: " + problems(leftOut, addingTo: exceptPile),
                allowed: exceptPile == nil
                    ? "only drawn cards in no pile go back to the deck; return pile cards through the pile"
                    : "only drawn cards, or cards in another pile, can be added to a pile")
        }
    }

    /// Sorts `cards` into those pile `name` holds, counting copies, and those it does not.
    static func partition(_ cards: [PlayingCard], heldByPile name: String, of deck: PlayingCardDeck) -> (held: [PlayingCard], leftOut: [DeckView.LeftOut]) {
        var held = copies(of: deck.pile(name) ?? [])
        var found: [PlayingCard] = []
        var leftOut: [DeckView.LeftOut] = []
        for card in cards {
            if takeCopy(of: card, from: &held) {
                found.append(card)
            } else {
                leftOut.append(.init(card, .notInPile(name)))
            }
        }
        return (found, leftOut)
    }

    /// Checks that the pile holds every card of `cards`, counting copies.
    ///
    /// - Throws: ``ServiceError`` (`cardsMissing`) naming each card the pile does not hold.
    static func checkPile(_ name: String, holds cards: [PlayingCard], in deck: PlayingCardDeck) throws(ServiceError) {
        let missing = partition(cards, heldByPile: name, of: deck).leftOut.map(\.card)
        guard missing.isEmpty else {
            throw ServiceError(
                .cardsMissing, .cards, "cannot be taken: \(listed(missing)) \(missing.count == 1 ? "is" : "are") not in pile '\(name)'",
                allowed: "list the pile to see its cards")
        }
    }

    static func copies(of cards: [PlayingCard]) -> [PlayingCard: Int] {
        cards.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// Takes one copy of `card` from `counts` (by ``copies(of:)``); whether there was one.
    private static func takeCopy(of card: PlayingCard, from counts: inout [PlayingCard: Int]) -> Bool {
        guard let count = counts[card], count > 0 else { return false }
        counts[card] = count - 1
        return true
    }

    /// What is wrong with the cards left out, grouped by reason in the order first met:
    /// `Ace of Spades (AS) and Two of Spades (2S) are already in the deck; …`.
    private static func problems(_ leftOut: [DeckView.LeftOut], addingTo target: String?) -> String {
        var reasons: [DeckView.LeftOut.Reason] = []
        var cards: [DeckView.LeftOut.Reason: [PlayingCard]] = [:]
        for item in leftOut {
            if cards[item.reason] == nil { reasons.append(item.reason) }
            cards[item.reason, default: []].append(item.card)
        }
        return reasons.map { reason in
            let group = cards[reason]!
            let verb = group.count == 1 ? "is" : "are"
            switch reason {
            case .inDeck: return "\(listed(group)) \(verb) already in the deck"
            case .inPile(let name) where name == target: return "\(listed(group)) \(verb) already in pile '\(name)'"
            case .inPile(let name): return "\(listed(group)) \(verb) in pile '\(name)'"
            case .notInPile(let name): return "\(listed(group)) \(verb) not in pile '\(name)'"
            case .listedAgain: return "\(listed(group)) \(verb) listed more often than the game holds \(group.count == 1 ? "it" : "them")"
            case .notInThisDeck: return "\(listed(group)) did not come from this deck"
            }
        }.joined(separator: "; ")
    }

    /// `Ace of Spades (AS), Three of Spades (3S) and Two of Spades (2S)`.
    static func listed(_ cards: [PlayingCard]) -> String {
        let names = cards.map { "\($0.formatted(.name)) (\($0.apiCode))" }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
