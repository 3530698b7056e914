import Foundation
public import PlayingCards

extension PlayingCard {
    /// The card's code as the deck API writes it: rank then suit letter, the ten as `0`
    /// (`0H`), jokers `X1` (black) and `X2` (red).
    public var apiCode: String { formatted(.code(CodeStyle(ten: .zero))) }

    /// Reads a comma-separated list of cards, such as `AS,2S,0H` (any notation the library
    /// reads; spaces around codes are ignored).
    ///
    /// - Throws: ``ServiceError`` naming every code that is not a card, and where it stands.
    public static func apiList(_ text: String) throws(ServiceError) -> [PlayingCard] {
        let list = APICardList(text)
        guard list.unknown.isEmpty else {
            let bad = list.unknown.map { "'\($0.code)' (item \($0.position))" }
            throw ServiceError.badRequest(
                .cards, "has unknown card codes: \(bad.joined(separator: ", "))",
                allowed: "codes are rank A 2–9 0 J Q K then suit S D C H, such as AS or 0H; jokers X1 and X2")
        }
        return list.cards
    }
}

/// A comma-separated card list as a client wrote it, read leniently: the cards it names, and
/// the items that name no card, which deckofcardsapi ignores.
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
