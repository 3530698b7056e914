package import Foundation
package import PlayingCards

/// A card table as friends use a real one: stacks anywhere on the felt, each card face up or
/// face down, and every seat's private hand. The players keep the rules; the table keeps the
/// cards, who may see which, and what each seat may take back.
///
/// Every card is in exactly one place: one stack on the felt (the deck is a stack too) or one
/// seat's hand. Every change goes through ``perform(_:by:at:using:)``, which checks the
/// expected versions and holds, applies it to a copy, raises ``version`` by one, records the
/// seat's undo step and only then replaces the table: a refused action changes nothing.
package struct Tabletop: Sendable, Hashable {
    /// The felt's width and height, in table units.
    package static let width = 1000.0
    package static let height = 700.0
    /// The most stacks on the felt, the deck's included.
    package static let maximumStacks = 200
    /// The undo steps kept for each seat.
    package static let undoSteps = 20
    /// How long a hold lasts unless renewed, unless the server is told otherwise
    /// (``DeckService/Limits/holdDuration``).
    package static let holdDuration: TimeInterval = 5

    /// One seat: free, or taken by a named player who holds its token.
    package struct Seat: Sendable, Hashable {
        /// The player's name; `nil` for a free seat.
        package var name: String?
        /// SHA-256 of the seat's token, lower-case hex; `nil` for a free seat.
        package var tokenHash: String?
        /// The cards in the player's hand, in the order they came.
        package var hand: [PlayingCard]
        /// The table's version when the hand last changed.
        package var handVersion: Int
        /// The seat's undo steps, oldest first.
        package var undo: [UndoStep]
        /// Whether the player shows their hand to the table: every seat and watcher sees its
        /// cards until the player hides it again or leaves.
        package var handShown = false

        /// A free seat.
        package static let free = Seat(name: nil, tokenHash: nil, hand: [], handVersion: 0, undo: [])

        /// Whether a player sits here.
        package var isTaken: Bool { tokenHash != nil }
    }

    /// A seat holding a stack while its player drags it: nobody else may change the stack
    /// until the hold is released or runs out.
    package struct Hold: Sendable, Hashable {
        /// The holding seat, from 1.
        package var seat: Int
        /// When the hold runs out.
        package var until: Date

        /// The whole seconds left of the hold at `now`, rounded up: what a seat refused for
        /// it waits at most.
        package func secondsLeft(at now: Date) -> Int {
            max(0, Int(until.timeIntervalSince(now).rounded(.up)))
        }
    }

    /// Up by one with every change; the id of the change's event.
    package var version: Int
    /// Every seat, taken or free, in seat order (seat 1 first).
    package var seats: [Seat]
    /// The stacks on the felt, the deck's first, in the order they were made.
    package var stacks: [FeltStack]
    /// The cards the table was made with: every card is always somewhere.
    package var composition: [PlayingCard]
    /// The number of the next stack made (ids are never reused).
    package var nextStackNumber: Int
    /// Holds by stack id.
    package var holds: [String: Hold]
    /// Whether the deck's order came from a seed a client gave: known to whoever chose the
    /// seed until the next shuffle of the deck.
    package var seeded: Bool
    /// The creator's settings: watch link, felt colour, background.
    package var settings: Settings = .none

    /// A table of `seats` free seats with `deck`'s cards (top card first) face down in the
    /// deck's stack, at version 1; `nonce` makes the deck's first handles (give a random one).
    package init(
        deck cards: [PlayingCard], seats: Int, seeded: Bool, deckAt place: (x: Double, y: Double) = (40, 40), nonce: UInt64 = 0
    ) {
        version = 1
        self.seats = Array(repeating: .free, count: seats)
        composition = cards
        // The deck's stack lists its cards bottom first: the first card given is its top card.
        stacks = [FeltStack(
            id: FeltStack.deckID, x: place.x, y: place.y, z: 0, layout: .squared, rotation: 0, label: nil,
            cards: cards.reversed().map { FeltStack.Card($0, faceUp: false) }, version: 1, changedBy: nil, nonce: nonce)]
        nextStackNumber = 1
        holds = [:]
        self.seeded = seeded
    }

    /// A table of these parts, as read from its record.
    init(
        version: Int, seats: [Seat], stacks: [FeltStack], composition: [PlayingCard], nextStackNumber: Int,
        holds: [String: Hold], seeded: Bool, settings: Settings
    ) {
        self.version = version
        self.seats = seats
        self.stacks = stacks
        self.composition = composition
        self.nextStackNumber = nextStackNumber
        self.holds = holds
        self.seeded = seeded
        self.settings = settings
    }

    /// The index of the stack `id` in ``stacks``.
    package func stackIndex(_ id: String) -> Int? {
        stacks.firstIndex { $0.id == id }
    }

    /// Every card on the table, wherever it is (for checks that every card is in one place).
    package var allCards: [PlayingCard] {
        stacks.flatMap { $0.cards.map(\.card) } + seats.flatMap(\.hand)
    }

    /// The highest `z` on the felt.
    var topZ: Int { stacks.map(\.z).max() ?? 0 }
}
