import Foundation
public import PlayingCards

/// A comma-separated card list as a client wrote it, read leniently: the cards it names, and
/// the items that name no card, which a lenient request ignores.
public struct APICardList: Sendable, Hashable {
    /// An item that names no card: as written (spaces trimmed), and its position from 1.
    public struct Unknown: Sendable, Hashable {
        /// The item, spaces trimmed; empty for nothing between two commas.
        public var code: String
        /// Where it stands in the list, from 1.
        public var position: Int
    }

    /// The cards named, in the order listed.
    public var cards: [PlayingCard] = []
    /// The items that name no card, in the order listed.
    public var unknown: [Unknown] = []

    /// Reads `text` (any notation the library reads; spaces around codes are ignored). An empty
    /// text is one empty item.
    public init(_ text: String) {
        for (index, token) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let trimmed = token.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, let card = try? PlayingCard(trimmed) {
                cards.append(card)
            } else {
                unknown.append(Unknown(code: trimmed, position: index + 1))
            }
        }
    }
}
