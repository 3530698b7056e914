/// What a record holds: a deck, a game of Memorize, or a card table.
public enum RecordKind: String, Sendable, Hashable, CaseIterable {
    /// A deck with its piles (`StoredDeck`, inside this module).
    case deck
    /// A game of Memorize.
    case memoryGame = "memory"
    /// A card table with its stacks, seats and their hands (a `Tabletop`). A table's deck is not a
    /// deck record: the deck paths cannot reach it.
    case table
    /// A table's background, under the table's id: the SHA-256 of its image (64 hex digits, the
    /// id of its ``image`` record), a space and the background's number, as UTF-8; once the
    /// background is removed, `removed` in place of the digest. It lives as long as its table. (Written before images were
    /// stored by their content, it held the number, the media type and the image's bytes.)
    case tableBackground = "background"
    /// An image, under the SHA-256 of its bytes (64 hex digits): its media type (a short text)
    /// and bytes. Stored once however many tables show it, its bytes never changed (an upload of
    /// it again writes it again, renewing its time); deleted once no ``tableBackground`` names it
    /// and it was last stored long enough before.
    case image
    /// A table's watch link, under its key: the table's id (UTF-8). It lives as long as its
    /// table (and answers only while the table still has this key).
    case watchLink = "watch"

    /// Whether records of the kind belong to a table and are deleted with it, not when idle.
    public var belongsToTable: Bool { self == .tableBackground || self == .watchLink }
}
