package import PlayingCards

/// A card table as the release before the free-form table stored it (as JSON): the deck with
/// its face-up piles, and the seats with their private hands. Such records are read only, and
/// opened as a ``Tabletop`` (``Tabletop/init(decoding:id:)``).
///
/// Every card is in exactly one place: the deck, one face-up pile (a pile of ``deck``), or one
/// seat's hand. The cards in hands are the deck's cards out (``PlayingCardDeck/cardsOut``).
package struct StoredTable: Sendable, Hashable, Codable {
    /// Up by one with every change; the id of the change's event.
    package var version: Int
    /// The shoe and the face-up piles.
    package var deck: PlayingCardDeck
    /// Every seat, taken or free, in seat order (seat 1 first).
    package var seats: [Seat]
    /// Whether the table was shuffled from a seed the client gave (for tests and replays).
    package var seeded: Bool

    /// One seat: free, or taken by a named player who holds its token.
    package struct Seat: Sendable, Hashable, Codable {
        /// The player's name; `nil` for a free seat.
        package var name: String?
        /// SHA-256 of the seat's token, lower-case hex; `nil` for a free seat. The token itself
        /// is never stored.
        package var tokenHash: String?
        /// The cards in the player's hand, in the order they came.
        package var hand: [PlayingCard]

        /// A free seat.
        package static let free = Seat(name: nil, tokenHash: nil, hand: [])

        /// Whether a player sits here.
        package var isTaken: Bool { tokenHash != nil }
    }

    /// A table with `seats` free seats over `deck`, at version 1.
    package init(deck: PlayingCardDeck, seats: Int, seeded: Bool) {
        version = 1
        self.deck = deck
        self.seats = Array(repeating: .free, count: seats)
        self.seeded = seeded
    }
}
