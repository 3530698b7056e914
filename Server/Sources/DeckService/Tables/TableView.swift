public import PlayingCards

/// A card table as one viewer may see it: everything face up, the number of cards in each
/// hand, and only the viewer's own hand.
public struct TableView: Sendable, Hashable {
    /// The table's id.
    public var id: String
    /// Up by one with every change.
    public var version: Int
    /// Cards left in the deck.
    public var remaining: Int
    /// Every seat, in seat order.
    public var seats: [Seat]
    /// The face-up piles, in the order they were made; no two have one name.
    public var piles: [Pile]
    /// The viewer's seat number (from 1); `nil` for a viewer without a seat's token.
    public var viewerSeat: Int?
    /// The viewer's own hand; `nil` for a viewer without a seat's token.
    public var hand: [PlayingCard]?
    /// The cards this operation moved into or out of the viewer's hand; `nil` when it moved none
    /// by design (a view, an event).
    public var moved: [PlayingCard]?
    /// Whether the table was first shuffled from a seed a client gave (for tests and replays):
    /// whoever has the seed knows the deck's order until the next shuffle.
    public var seeded: Bool

    /// A seat as everyone sees it.
    public struct Seat: Sendable, Hashable {
        /// The seat's number, from 1.
        public var number: Int
        /// The player's name; `nil` for a free seat.
        public var name: String?
        /// How many cards the player holds.
        public var handCount: Int
    }

    /// A face-up pile and its cards, bottom first (the top card is last).
    public struct Pile: Sendable, Hashable {
        /// The pile's name, unique at the table: its label, its stack's id, or either with `@`
        /// and the stack's id when an earlier pile has that name.
        public var name: String
        /// Its cards, bottom first.
        public var cards: [PlayingCard]
    }
}

extension TableView {
    /// The view of `table` for the player in seat `viewer` (from 1), or for anyone when `nil`:
    /// each stack other than the deck is a pile, named as ``Tabletop/pileNames`` says (by its
    /// label or its id, never two alike), showing its face-up cards only.
    package init(id: String, table: Tabletop, viewer: Int?, moved: [PlayingCard]? = nil) {
        self.id = id
        version = table.version
        remaining = table.stacks.first(where: \.isDeck)?.cards.count ?? 0
        seats = table.seats.enumerated().map { index, seat in
            Seat(number: index + 1, name: seat.name, handCount: seat.hand.count)
        }
        piles = table.pileNames.map { name, index in
            Pile(name: name, cards: table.stacks[index].cards.filter(\.faceUp).map(\.card))
        }
        viewerSeat = viewer
        hand = viewer.map { table.seats[$0 - 1].hand }
        self.moved = moved
        seeded = table.seeded
    }
}
