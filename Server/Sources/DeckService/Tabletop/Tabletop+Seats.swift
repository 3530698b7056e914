import Foundation
import PlayingCards

/// Seats taken and left, holds, and peeks: the changes that are not a seat's undoable action.
extension Tabletop {
    /// Seats a player in the first free seat; returns its number (from 1).
    ///
    /// - Throws: ``ServiceError`` (`conflict`) when every seat is taken.
    package mutating func seat(name: String, tokenHash: String) throws(ServiceError) -> Int {
        guard let free = seats.firstIndex(where: { !$0.isTaken }) else {
            throw ServiceError(
                .conflict, .table, "is full: all \(seats.count) seats are taken",
                allowed: "wait for a player to leave, or make a new table")
        }
        version += 1
        seats[free] = Seat(name: name, tokenHash: tokenHash, hand: [], handVersion: version, undo: [])
        return free + 1
    }

    /// Frees `seat`. Its hand goes into the deck's stack face down, each card at a random
    /// place, so that nobody learns where; its holds end and its undo steps go.
    ///
    /// - Throws: ``ServiceError`` (`conflict`) while another seat holds the deck and the hand
    ///   has cards to put into it.
    package mutating func leave(_ seat: Int, at now: Date, using generator: inout some RandomNumberGenerator) throws(ServiceError) {
        try checkSeat(seat)
        let deck = try existingStack(FeltStack.deckID)
        if !seats[seat - 1].hand.isEmpty, let hold = holds[FeltStack.deckID], hold.seat != seat, hold.until > now {
            throw ServiceError(
                .conflict, .stack, value: FeltStack.deckID, "is held by seat \(hold.seat), who is moving it: your hand goes back into it when you leave",
                allowed: "leave again in a moment (the hold ends within \(hold.secondsLeft(at: now)) s unless renewed)")
        }
        version += 1
        for card in seats[seat - 1].hand {
            let place = Int.random(in: 0...stacks[deck].cards.count, using: &generator)
            stacks[deck].cards.insert(FeltStack.Card(card, faceUp: false), at: place)
        }
        if !seats[seat - 1].hand.isEmpty {
            touchStack(deck, by: seat)
            stacks[deck].nonce = generator.next()
        }
        seats[seat - 1] = .free
        seats[seat - 1].handVersion = version
        holds = holds.filter { $0.value.seat != seat }
    }

    /// Shows `seat`'s hand to the table (every seat and watcher sees its cards, as they change)
    /// or, with `shown` false, makes it private again. Answers whether that changed anything:
    /// only a change raises the version.
    ///
    /// - Throws: ``ServiceError`` for a seat nobody sits in.
    package mutating func showHand(_ shown: Bool, by seat: Int) throws(ServiceError) -> Bool {
        try checkSeat(seat)
        guard seats[seat - 1].handShown != shown else { return false }
        version += 1
        seats[seat - 1].handShown = shown
        return true
    }

    /// Holds the stack `id` for `seat` for `duration` seconds from `now` (renewing its own
    /// hold), so that nobody else changes it while its player drags it.
    ///
    /// - Throws: ``ServiceError`` for an unknown stack, or (`conflict`) one another seat holds.
    package mutating func hold(_ id: String, by seat: Int, at now: Date, lasting duration: TimeInterval = Tabletop.holdDuration) throws(ServiceError) -> Hold {
        try checkSeat(seat)
        _ = try existingStack(id)
        if let hold = holds[id], hold.seat != seat, hold.until > now {
            throw ServiceError(
                .conflict, .stack, value: id, "is held by seat \(hold.seat), who is moving it",
                allowed: "wait until it is dropped, or up to \(hold.secondsLeft(at: now)) s")
        }
        let hold = Hold(seat: seat, until: now.addingTimeInterval(duration))
        holds[id] = hold
        return hold
    }

    /// Ends `seat`'s hold of the stack `id`, if it has one.
    package mutating func release(_ id: String, by seat: Int) {
        if holds[id]?.seat == seat { holds[id] = nil }
    }

    /// The faces of the face-down cards of the stack `id`, for `seat`'s eyes only, by the
    /// handles they have now; with `references`, of those cards only.
    ///
    /// - Throws: ``ServiceError`` for an unknown stack or card.
    package func peek(_ id: String, by seat: Int, at references: [CardReference] = []) throws(ServiceError) -> [(handle: String, card: PlayingCard)] {
        try checkSeat(seat)
        let stack = stacks[try existingStack(id)]
        let indices = references.isEmpty ? Array(stack.cards.indices) : try resolve(references, in: stack)
        return indices.filter { !stack.cards[$0].faceUp }.map { (stack.handle(at: $0), stack.cards[$0].card) }
    }
}
