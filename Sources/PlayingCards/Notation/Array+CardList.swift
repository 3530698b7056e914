extension Array where Element == PlayingCard {
    /// Reads a list of cards separated by commas or white space, such as `"AS KD 10H"` or
    /// `"Ace of Spades, King of Diamonds"`.
    ///
    /// When the text contains a comma, commas separate the cards (so names with spaces work);
    /// otherwise white space does, unless the whole text is one card (`"Queen of Hearts"`).
    /// Every token is read, and every bad one is reported.
    ///
    /// - Throws: ``CardListParseError`` listing each bad token with its position.
    public init(parsing text: some StringProtocol) throws(CardListParseError) {
        if !text.contains(","), text.contains(where: { $0.isWhitespace }), let card = try? PlayingCard(text) {
            self = [card]
            return
        }
        let separated: [Substring] = text.contains(",")
            ? String(text).split(separator: ",", omittingEmptySubsequences: false)
            : String(text).split(whereSeparator: { $0.isWhitespace })
        var cards: [PlayingCard] = []
        var failures: [CardListParseError.Failure] = []
        for (offset, token) in separated.enumerated() {
            do {
                cards.append(try PlayingCard(token))
            } catch {
                failures.append(.init(position: offset + 1, error: error))
            }
        }
        guard failures.isEmpty else { throw CardListParseError(failures: failures) }
        self = cards
    }
}

/// Why a list of cards could not be read: every bad token, in order.
public struct CardListParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One bad token.
    public struct Failure: Sendable, Hashable {
        /// The token's position in the list, counting from 1.
        public let position: Int
        /// Why the token is not a card; its `input` is the token.
        public let error: PlayingCardParseError
    }

    /// The bad tokens, in the order they appear.
    public let failures: [Failure]

    /// One line for each bad token, naming its position and the problem.
    public var description: String {
        let count = failures.count == 1 ? "1 bad card" : "\(failures.count) bad cards"
        return "\(count) in list:\n" + failures.map { "  card \($0.position): \($0.error)" }.joined(separator: "\n")
    }
}
