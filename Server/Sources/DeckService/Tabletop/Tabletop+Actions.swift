import Foundation
import PlayingCards

/// The actions other than undo, applied to a table whose ``Tabletop/version`` is already the
/// new one: each marks what it changes (``Tabletop/touchStack(_:by:)``,
/// ``Tabletop/touchHand(_:)``) and returns the cards it moved into or out of the acting seat's
/// hand. ``Tabletop/perform(_:by:expecting:at:using:)`` does the rest.
extension Tabletop {
    mutating func apply(
        _ action: TabletopAction, by seat: Int, using generator: inout some RandomNumberGenerator
    ) throws(ServiceError) -> [PlayingCard]? {
        switch action {
        case .move(let source, let target, let face):
            return try move(from: source, to: target, face: face, by: seat)
        case .flip(let id, let reference):
            let index = try existingStack(id)
            if let reference {
                let card = try resolve([reference], in: stacks[index])[0]
                stacks[index].cards[card].faceUp.toggle()
            } else {
                stacks[index].cards.reverse()
                for card in stacks[index].cards.indices { stacks[index].cards[card].faceUp.toggle() }
            }
            touchStack(index, by: seat)
            return nil
        case .arrange(let id, let arrangement):
            try arrange(id, arrangement, by: seat)
            return nil
        case .shuffle(let id):
            let index = try existingStack(id)
            stacks[index].cards.shuffle(using: &generator)
            // Cards dealt from a seeded order stay known to whoever chose the seed: the table
            // is no longer seeded only once the deck holds them all again, shuffled.
            if stacks[index].isDeck, stacks[index].cards.count == composition.count { seeded = false }
            touchStack(index, by: seat)
            return nil
        case .split(let id, let count, let x, let y):
            return try move(from: .top(stack: id, count: count), to: .newStack(x: x, y: y), face: .keep, by: seat)
        case .gather:
            let deck = try existingStack(FeltStack.deckID)
            var cards = stacks.flatMap { $0.cards.map(\.card) } + seats.flatMap(\.hand)
            // Hands and face-up cards must not end in known places: the deck is shuffled.
            cards.shuffle(using: &generator)
            for index in stacks.indices where !stacks[index].cards.isEmpty || stacks[index].isDeck {
                stacks[index].cards = []
                touchStack(index, by: seat)
            }
            stacks[deck].cards = cards.map { FeltStack.Card($0, faceUp: false) }
            for index in seats.indices where !seats[index].hand.isEmpty {
                seats[index].hand = []
                touchHand(index + 1)
            }
            seeded = false
            return nil
        case .deal(let id, let count):
            return try deal(count, from: id, by: seat)
        case .undo:
            preconditionFailure("undo is performed by undoLast(of:)")
        }
    }

    /// Takes cards out of their source, turns them, and puts them at their target.
    private mutating func move(from source: CardSource, to target: CardTarget, face: Facing, by seat: Int) throws(ServiceError) -> [PlayingCard]? {
        var cards = try take(source, by: seat)
        switch face {
        case .up: for index in cards.indices { cards[index].faceUp = true }
        case .down: for index in cards.indices { cards[index].faceUp = false }
        case .keep: break
        }
        var moved: [PlayingCard]?
        if case .hand = source { moved = cards.map(\.card) }
        if case .hand(let receiver) = target {
            // Cards taken from a stack come into a hand top card first, as one draws them;
            // cards from a hand keep the order they were listed in.
            if case .hand = source {} else { cards.reverse() }
            if receiver == seat { moved = cards.map(\.card) }
        }
        try put(cards, at: target, by: seat)
        return moved
    }

    /// Removes the source's cards, bottom first; cards from a hand lie face up.
    private mutating func take(_ source: CardSource, by seat: Int) throws(ServiceError) -> [FeltStack.Card] {
        switch source {
        case .hand(let cards):
            guard !cards.isEmpty else {
                throw ServiceError.badRequest(.cards, "is empty", allowed: "list the cards to move from your hand, such as cards=AS,2S")
            }
            seats[seat - 1].hand = try Self.hand(seats[seat - 1].hand, without: cards)
            touchHand(seat)
            return cards.map { FeltStack.Card($0, faceUp: true) }
        case .top(let id, let count):
            let index = try existingStack(id)
            let available = stacks[index].cards.count
            guard count >= 1, count <= available else {
                throw ServiceError(
                    count >= 1 ? .conflict : .badRequest, .count, value: String(count),
                    "is not a number of cards stack \(id) holds: it holds \(available)",
                    allowed: "give 1 to \(available)")
            }
            let taken = Array(stacks[index].cards.suffix(count))
            stacks[index].cards.removeLast(count)
            touchStack(index, by: seat)
            return taken
        case .cards(let id, let references):
            let index = try existingStack(id)
            guard !references.isEmpty else {
                throw ServiceError.badRequest(.cards, "is empty", allowed: "name the cards to move by face (face up) or by handle")
            }
            let chosen = try resolve(references, in: stacks[index]).sorted()
            let taken = chosen.map { stacks[index].cards[$0] }
            for position in chosen.reversed() { stacks[index].cards.remove(at: position) }
            touchStack(index, by: seat)
            return taken
        }
    }

    /// Puts `cards` (bottom first; for a hand, in the order they join it) at `target`.
    private mutating func put(_ cards: [FeltStack.Card], at target: CardTarget, by seat: Int) throws(ServiceError) {
        switch target {
        case .newStack(let x, let y):
            try Self.checkPosition(x: x, y: y)
            stacks.append(FeltStack(
                id: "s\(nextStackNumber)", x: x, y: y, z: topZ + 1, layout: .squared, rotation: 0, label: nil,
                cards: cards, version: version, changedBy: seat, nonce: 0))
            nextStackNumber += 1
        case .top(let id):
            let index = try existingStack(id)
            stacks[index].cards += cards
            touchStack(index, by: seat)
        case .bottom(let id):
            let index = try existingStack(id)
            stacks[index].cards.insert(contentsOf: cards, at: 0)
            touchStack(index, by: seat)
        case .hand(let receiver):
            // A range check, not `receiver - 1`: a seat number from a client may be Int.min.
            guard (1...seats.count).contains(receiver), seats[receiver - 1].isTaken else {
                throw ServiceError(.notFound, .seat, value: String(receiver), "is not a taken seat at this table", allowed: "pass cards to a seat someone sits in")
            }
            seats[receiver - 1].hand += cards.map(\.card)
            touchHand(receiver)
        }
    }

    /// Moves, lays out, turns, labels or raises a stack.
    private mutating func arrange(_ id: String, _ arrangement: Arrangement, by seat: Int) throws(ServiceError) {
        let index = try existingStack(id)
        var stack = stacks[index]
        if arrangement.x != nil || arrangement.y != nil {
            let (x, y) = (arrangement.x ?? stack.x, arrangement.y ?? stack.y)
            try Self.checkPosition(x: x, y: y)
            (stack.x, stack.y) = (x, y)
        }
        if let layout = arrangement.layout {
            if case .spread(_, let step) = layout {
                guard step.isFinite, (1...200).contains(step) else {
                    throw ServiceError.badRequest(.layout, value: "\(step)", "is not a spread's step", allowed: "give a step of 1 to 200 table units")
                }
            }
            stack.layout = layout
        }
        if let rotation = arrangement.rotation {
            guard [0, 90].contains(rotation) else {
                throw ServiceError.badRequest(.rotation, value: String(rotation), "is not allowed", allowed: "give 0 or 90")
            }
            stack.rotation = rotation
        }
        if let label = arrangement.label {
            stack.label = label.isEmpty ? nil : try Self.checkLabel(label)
        }
        if arrangement.toFront { stack.z = topZ + 1 }
        guard stack != stacks[index] || arrangement.toFront else {
            throw ServiceError.badRequest(.request, "changes nothing", allowed: "give x and y, a layout, a rotation, a label or to_front")
        }
        stacks[index] = stack
        touchStack(index, by: seat)
    }

    /// Deals `count` to each taken seat, one at a time in seat order, from the top of a stack.
    private mutating func deal(_ count: Int, from id: String, by seat: Int) throws(ServiceError) -> [PlayingCard]? {
        let index = try existingStack(id)
        let players = seats.indices.filter { seats[$0].isTaken }
        let available = stacks[index].cards.count
        let (total, overflow) = count.multipliedReportingOverflow(by: players.count)
        guard count >= 1, !overflow, total <= available else {
            throw ServiceError(
                count >= 1 ? .conflict : .badRequest, .count, value: String(count),
                "is more than stack \(id) can deal: \(players.count) players need \(overflow ? "more" : String(total)) cards and it holds \(available)",
                allowed: count >= 1 ? "deal fewer, or from a larger stack" : "give 1 or more")
        }
        var mine: [PlayingCard] = []
        for _ in 0..<count {
            for player in players {
                let card = stacks[index].cards.removeLast().card
                seats[player].hand.append(card)
                if player == seat - 1 { mine.append(card) }
            }
        }
        for player in players { touchHand(player + 1) }
        touchStack(index, by: seat)
        return mine
    }

    /// The indices of the cards `references` name in `stack`, each at most once.
    ///
    /// A face names a face-up card only: a face-down card with that face is not found, and the
    /// refusal reads the same whether or not there is one, so that it tells nothing.
    func resolve(_ references: [CardReference], in stack: FeltStack) throws(ServiceError) -> [Int] {
        var chosen = Set<Int>()
        var order: [Int] = []
        for reference in references {
            switch reference {
            case .faceUp(let card):
                guard let index = stack.cards.indices.first(where: { stack.cards[$0].faceUp && stack.cards[$0].card == card && !chosen.contains($0) }) else {
                    throw ServiceError(
                        .conflict, .cards, value: card.apiCode, "is not face up in stack \(stack.id)",
                        allowed: "name face-up cards by face and face-down cards by their handles, as the table's current view shows them")
                }
                chosen.insert(index)
                order.append(index)
            case .handle(let handle):
                guard FeltStack.isHandle(handle) else {
                    throw ServiceError.badRequest(.handle, value: handle, "is not a card handle", allowed: "use a handle from the table's current view")
                }
                guard let index = stack.index(ofHandle: handle), !chosen.contains(index) else {
                    throw ServiceError(
                        .conflict, .handle, value: handle, "names no card of stack \(stack.id) now: the stack changed since, or the card was named twice",
                        allowed: "look at the table again and use its current handles")
                }
                chosen.insert(index)
                order.append(index)
            }
        }
        return order
    }

    /// `hand` without one copy of each card of `cards`.
    ///
    /// - Throws: ``ServiceError`` naming the cards the hand does not hold.
    static func hand(_ hand: [PlayingCard], without cards: [PlayingCard]) throws(ServiceError) -> [PlayingCard] {
        var kept = hand
        var missing: [PlayingCard] = []
        for card in cards {
            if let index = kept.firstIndex(of: card) { kept.remove(at: index) } else { missing.append(card) }
        }
        guard missing.isEmpty else {
            throw ServiceError(
                .conflict, .cards, value: missing.map(\.apiCode).joined(separator: ","), "\(missing.count == 1 ? "is" : "are") not in your hand",
                allowed: "move only cards your hand holds")
        }
        return kept
    }

    /// Refuses a place off the felt or not a number.
    static func checkPosition(x: Double, y: Double) throws(ServiceError) {
        guard x.isFinite, y.isFinite, (0...width).contains(x), (0...height).contains(y) else {
            throw ServiceError.badRequest(
                .position, value: "\(x),\(y)", "is off the felt",
                allowed: "give x from 0 to \(Int(width)) and y from 0 to \(Int(height))")
        }
    }

    /// A stack's label, trimmed: 1 to 32 characters, with no control or formatting characters
    /// (the rules of players' names).
    static func checkLabel(_ label: String) throws(ServiceError) -> String {
        let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...32).contains(trimmed.count), trimmed.utf8.count <= 128 else {
            throw ServiceError.badRequest(.label, value: trimmed.count <= 32 ? trimmed : nil, "is \(trimmed.count) characters long", allowed: "give 1 to 32 characters")
        }
        guard !trimmed.unicodeScalars.contains(where: \.isHiddenInNames) else {
            throw ServiceError.badRequest(.label, "has control or formatting characters", allowed: "use letters, digits, spaces and punctuation")
        }
        return trimmed
    }
}
