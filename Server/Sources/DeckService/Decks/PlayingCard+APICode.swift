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
