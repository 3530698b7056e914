extension PlayingCard {
    /// Reads a card written in any common notation.
    ///
    /// Accepted, case-insensitive, with surrounding white space ignored:
    /// - codes: `As`, `AS`, `aS`, `Td`, `10d`, `0D` (the ten as deckofcardsapi writes it);
    /// - rank and suit symbol: `T♦`, `10♦`, `A♠`, and the white suits `♤ ♡ ♢ ♧`; emoji and text
    ///   variation selectors (U+FE0F, U+FE0E) are ignored, so `A♠️` reads as `A♠`;
    /// - Unicode playing-card characters, such as `🂡` (U+1F0A1); knights are rejected;
    /// - jokers: `X1` and `🃏` (black), `X2` and `🂿` (red), `Black Joker`, `Red Joker`;
    /// - names: `Ace of Spades`, `queen of hearts`, `10 of diamonds`, `Q of ♥`.
    ///
    /// - Throws: ``PlayingCardParseError`` naming the input and what is accepted.
    public init(_ text: some StringProtocol) throws(PlayingCardParseError) {
        let input = String(text)
        let scalars = input.unicodeScalars.filter { $0 != "\u{FE0F}" && $0 != "\u{FE0E}" }
        let trimmed = CardParser.trimmingWhiteSpace(Array(scalars))
        guard !trimmed.isEmpty else { throw PlayingCardParseError(input: input, reason: .empty) }
        do {
            self = try CardParser.parse(trimmed)
        } catch let reason {
            throw PlayingCardParseError(input: input, reason: reason)
        }
    }
}

/// The parser behind ``PlayingCard/init(_:)``, over Unicode scalars with variation selectors removed.
enum CardParser {
    typealias Scalars = [Unicode.Scalar]

    static func trimmingWhiteSpace(_ scalars: Scalars) -> Scalars {
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return Array(scalars[first...last])
    }

    static func parse(_ scalars: Scalars) throws(PlayingCardParseError.Reason) -> PlayingCard {
        if scalars.count == 1, (0x1F0A0...0x1F0FF).contains(scalars[0].value) {
            return try unicodeCard(scalars[0])
        }
        let words = String(String.UnicodeScalarView(scalars)).lowercased()
            .split(whereSeparator: { $0.isWhitespace }).map(String.init)
        if words.count > 1 { return try name(words) }
        return try code(scalars)
    }

    // MARK: Unicode characters

    private static func unicodeCard(_ scalar: Unicode.Scalar) throws(PlayingCardParseError.Reason) -> PlayingCard {
        switch scalar.value {
        case 0x1F0CF: return .joker(.black)
        case 0x1F0BF: return .joker(.red)
        default: break
        }
        let suits: [UInt32: Suit] = [0xA0: .spades, 0xB0: .hearts, 0xC0: .diamonds, 0xD0: .clubs]
        let column = scalar.value & 0xF
        guard let suit = suits[scalar.value & 0xF0], (0x1...0xE).contains(column) else {
            throw .notInDeck(scalar)
        }
        if column == 0xC { throw .knight(suit) }
        let rank = Rank(rawValue: Int(column > 0xC ? column - 1 : column))!
        return PlayingCard(rank, of: suit)
    }

    // MARK: Codes and symbol forms

    private static func code(_ scalars: Scalars) throws(PlayingCardParseError.Reason) -> PlayingCard {
        let text = String(String.UnicodeScalarView(scalars)).uppercased()
        switch text {
        case "X1": return .joker(.black)
        case "X2": return .joker(.red)
        case "JOKER": throw .jokerWithoutColor
        default: break
        }
        guard scalars.count >= 2 else { throw .unrecognized }
        let suitText = String(scalars.last!)
        let rankText = String(String.UnicodeScalarView(scalars.dropLast()))
        let rank = rankFromCode(rankText)
        let suit = suitFromSymbolOrLetter(suitText)
        switch (rank, suit) {
        case let (rank?, suit?): return PlayingCard(rank, of: suit)
        case (nil, _?): throw .unknownRank(rankText)
        case (_?, nil): throw .unknownSuit(suitText)
        case (nil, nil): throw .unrecognized
        }
    }

    private static func rankFromCode(_ text: String) -> Rank? {
        switch text.uppercased() {
        case "A": .ace
        case "T", "10", "0": .ten
        case "J": .jack
        case "Q": .queen
        case "K": .king
        case let digit where digit.count == 1:
            Int(digit).flatMap { (2...9).contains($0) ? Rank(rawValue: $0) : nil }
        default: nil
        }
    }

    private static func suitFromSymbolOrLetter(_ text: String) -> Suit? {
        switch text.uppercased() {
        case "S", "♠", "♤": .spades
        case "H", "♥", "♡": .hearts
        case "D", "♦", "♢": .diamonds
        case "C", "♣", "♧": .clubs
        default: nil
        }
    }

    // MARK: Names

    private static func name(_ words: [String]) throws(PlayingCardParseError.Reason) -> PlayingCard {
        if words.count == 2, words[1] == "joker" {
            switch words[0] {
            case "black": return .joker(.black)
            case "red": return .joker(.red)
            default: throw .unrecognized
            }
        }
        guard words.count == 3, words[1] == "of" else { throw .unrecognized }
        let rank = Rank.allCases.first { $0.name.lowercased() == words[0] } ?? rankFromCode(words[0])
        let suit = Suit.allCases.first { suitWord in
            let plural = suitWord.name.lowercased()
            return words[2] == plural || words[2] == String(plural.dropLast())
        } ?? suitFromSymbolOrLetter(words[2])
        guard let rank else { throw .unknownRank(words[0]) }
        guard let suit else { throw .unknownSuit(words[2]) }
        return PlayingCard(rank, of: suit)
    }
}
