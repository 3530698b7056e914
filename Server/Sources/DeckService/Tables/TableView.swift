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
    /// The face-up piles, in the order they were made.
    public var piles: [Pile]
    /// The viewer's seat number (from 1); `nil` for a viewer without a seat's token.
    public var viewerSeat: Int?
    /// The viewer's own hand; `nil` for a viewer without a seat's token.
    public var hand: [PlayingCard]?
    /// The cards this operation moved into or out of the viewer's hand; `nil` when it moved none
    /// by design (a view, an event).
    public var moved: [PlayingCard]?

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
        /// The pile's name.
        public var name: String
        /// Its cards, bottom first.
        public var cards: [PlayingCard]
    }
}

extension TableView {
    /// The view of `stored` for the player in seat `viewer` (from 1), or for anyone when `nil`.
    package init(id: String, stored: StoredTable, viewer: Int?, moved: [PlayingCard]? = nil) {
        self.id = id
        version = stored.version
        remaining = stored.deck.count
        seats = stored.seats.enumerated().map { index, seat in
            Seat(number: index + 1, name: seat.name, handCount: seat.hand.count)
        }
        piles = stored.deck.pileNames.map { Pile(name: $0, cards: (stored.deck.pile($0) ?? []).reversed()) }
        viewerSeat = viewer
        hand = viewer.map { stored.seats[$0 - 1].hand }
        self.moved = moved
    }
}

/// What a new table or a joining player gets: the seat, its token, and the table.
public struct SeatTicket: Sendable, Hashable {
    /// The seat's number, from 1.
    public var seat: Int
    /// The player's name.
    public var name: String
    /// The seat's token, shown only in this answer: every action of the seat must bring it.
    public var token: String
    /// The table as this player sees it.
    public var table: TableView
}

/// What a new table is made of.
public struct NewTableRequest: Sendable, Hashable {
    /// The creator's name, who takes seat 1.
    public var name: String
    /// Seats at the table, taken or free.
    public var seats = 4
    /// Decks in the shoe.
    public var deckCount = 1
    /// Whether each deck has its two jokers.
    public var jokers = false
    /// A seed for the first shuffle (tests and replays); `nil` for a secure random one.
    public var seed: ShuffleSeed?

    /// A table made for `name`, with the defaults.
    public init(name: String) {
        self.name = name
    }
}

/// Where ``DeckService/takeFromTablePile(_:token:pile:_:)`` takes cards from a pile.
public enum PileTake: Sendable, Hashable {
    /// This many from the top.
    case count(Int)
    /// These cards, wherever they lie in the pile.
    case cards([PlayingCard])
}
