public import PlayingCards

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
