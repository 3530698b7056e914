import PlayingCards
import Testing

@Suite("Notation")
struct NotationTests {
    static let queenOfHearts = PlayingCard(.queen, of: .hearts)

    @Test("Every accepted spelling reads as the right card", arguments: [
        ("As", PlayingCard(.ace, of: .spades)),
        ("AS", PlayingCard(.ace, of: .spades)),
        ("aS", PlayingCard(.ace, of: .spades)),
        ("Td", PlayingCard(.ten, of: .diamonds)),
        ("10d", PlayingCard(.ten, of: .diamonds)),
        ("0D", PlayingCard(.ten, of: .diamonds)),
        ("T♦", PlayingCard(.ten, of: .diamonds)),
        ("10♦", PlayingCard(.ten, of: .diamonds)),
        ("A♠", PlayingCard(.ace, of: .spades)),
        ("A♤", PlayingCard(.ace, of: .spades)),
        ("A♠\u{FE0F}", PlayingCard(.ace, of: .spades)),
        ("A♠\u{FE0E}", PlayingCard(.ace, of: .spades)),
        ("Q♥️", PlayingCard(.queen, of: .hearts)),
        ("7♡", PlayingCard(.seven, of: .hearts)),
        ("2♢", PlayingCard(.two, of: .diamonds)),
        ("K♧", PlayingCard(.king, of: .clubs)),
        ("🂡", PlayingCard(.ace, of: .spades)),
        ("🂽", PlayingCard(.queen, of: .hearts)),
        ("🃞", PlayingCard(.king, of: .clubs)),
        ("🃋", PlayingCard(.jack, of: .diamonds)),
        ("🂪", PlayingCard(.ten, of: .spades)),
        ("X1", PlayingCard.joker(.black)),
        ("x2", PlayingCard.joker(.red)),
        ("🃏", PlayingCard.joker(.black)),
        ("🂿", PlayingCard.joker(.red)),
        ("Ace of Spades", PlayingCard(.ace, of: .spades)),
        ("queen of hearts", PlayingCard(.queen, of: .hearts)),
        ("10 of diamonds", PlayingCard(.ten, of: .diamonds)),
        ("Ten of Diamonds", PlayingCard(.ten, of: .diamonds)),
        ("Q of ♥", PlayingCard(.queen, of: .hearts)),
        ("king  of  club", PlayingCard(.king, of: .clubs)),
        ("Red Joker", PlayingCard.joker(.red)),
        ("black joker", PlayingCard.joker(.black)),
        ("  QH \n", PlayingCard(.queen, of: .hearts)),
        ("\tqueen of hearts  ", PlayingCard(.queen, of: .hearts)),
    ])
    func parses(text: String, card: PlayingCard) throws {
        #expect(try PlayingCard(text) == card)
    }

    @Test("Bad input throws an error that names the input and the problem", arguments: [
        ("", "empty card"),
        ("   ", "empty card"),
        ("ZZ", "'ZZ' is not a playing card"),
        ("QX", "'X' is not a suit"),
        ("1H", "'1' is not a rank"),
        ("11H", "'11' is not a rank"),
        ("Q", "'Q' is not a playing card"),
        ("QHH", "'QH' is not a rank"),
        ("🂬", "Knight of Spades, which is not in a 52-card deck"),
        ("🃜", "Knight of Clubs"),
        ("🂠", "U+1F0A0"),
        ("🃟", "U+1F0DF"),
        ("joker", "does not say which joker"),
        ("green joker", "is not a playing card"),
        ("Prince of Hearts", "'prince' is not a rank"),
        ("Queen of Cups", "'cups' is not a suit"),
        ("Queen from Hearts", "is not a playing card"),
    ])
    func rejects(text: String, message: String) {
        let error = #expect(throws: PlayingCardParseError.self) { try PlayingCard(text) }
        #expect(error?.input == text)
        #expect(error?.description.contains(message) == true, "message was: \(error?.description ?? "none")")
    }

    @Test func formatsEveryNotation() {
        let card = Self.queenOfHearts
        #expect(card.formatted(.code()) == "QH")
        #expect(card.formatted(.code(CodeStyle(lowercaseSuit: true))) == "Qh")
        #expect(card.formatted(.symbol) == "Q♥")
        #expect(card.formatted(.unicode) == "🂽")
        #expect(card.formatted(.name) == "Queen of Hearts")
        #expect(card.description == "Q♥")
        #expect(card.debugDescription == "Queen of Hearts")

        let ten = PlayingCard(.ten, of: .diamonds)
        #expect(ten.formatted(.code()) == "10D")
        #expect(ten.formatted(.code(CodeStyle(ten: .t))) == "TD")
        #expect(ten.formatted(.code(CodeStyle(ten: .zero))) == "0D")
        #expect(ten.formatted(.code(CodeStyle(ten: .t, lowercaseSuit: true))) == "Td")
        #expect(ten.formatted(.symbol) == "10♦")
        #expect(ten.formatted(.unicode) == "🃊")

        #expect(PlayingCard.joker(.black).formatted(.code()) == "X1")
        #expect(PlayingCard.joker(.red).formatted(.code(CodeStyle(lowercaseSuit: true))) == "X2")
        #expect(PlayingCard.joker(.red).formatted(.name) == "Red Joker")
        #expect(PlayingCard.joker(.black).formatted(.symbol) == "🃏")
    }

    @Test("Every card round-trips through every notation", arguments: PlayingCard.allCards)
    func roundTrips(card: PlayingCard) throws {
        var notations: [CardNotation] = [.symbol, .unicode, .name]
        for ten in CodeStyle.Ten.allCases {
            notations.append(.code(CodeStyle(ten: ten, lowercaseSuit: false)))
            notations.append(.code(CodeStyle(ten: ten, lowercaseSuit: true)))
        }
        for notation in notations {
            #expect(try PlayingCard(card.formatted(notation)) == card, "\(notation)")
        }
    }

    @Test func unicodeCharactersSkipTheKnights() {
        let spades = Rank.allCases.map { PlayingCard($0, of: .spades).formatted(.unicode).unicodeScalars.first!.value }
        #expect(spades == [0x1F0A1, 0x1F0A2, 0x1F0A3, 0x1F0A4, 0x1F0A5, 0x1F0A6, 0x1F0A7,
                           0x1F0A8, 0x1F0A9, 0x1F0AA, 0x1F0AB, 0x1F0AD, 0x1F0AE])
        let aces = Suit.allCases.map { PlayingCard(.ace, of: $0).formatted(.unicode).unicodeScalars.first!.value }
        #expect(aces == [0x1F0A1, 0x1F0B1, 0x1F0C1, 0x1F0D1])
    }

    @Test func parsesLists() throws {
        #expect(try [PlayingCard](parsing: "AS KD 10H") == [
            PlayingCard(.ace, of: .spades), PlayingCard(.king, of: .diamonds), PlayingCard(.ten, of: .hearts),
        ])
        #expect(try [PlayingCard](parsing: "AS,KD, 10H") == [PlayingCard](parsing: "AS KD 10H"))
        #expect(try [PlayingCard](parsing: "Ace of Spades, king of diamonds") == [
            PlayingCard(.ace, of: .spades), PlayingCard(.king, of: .diamonds),
        ])
        #expect(try [PlayingCard](parsing: "  ") == [])
    }

    @Test func listErrorsReportEveryBadToken() {
        let error = #expect(throws: CardListParseError.self) { try [PlayingCard](parsing: "AS ZZ KD 1H QX") }
        #expect(error?.failures.map(\.position) == [2, 4, 5])
        #expect(error?.failures.map(\.error.input) == ["ZZ", "1H", "QX"])
        let message = error?.description ?? ""
        #expect(message.hasPrefix("3 bad cards in list:"))
        #expect(message.contains("card 2: 'ZZ' is not a playing card"))
        #expect(message.contains("card 4: '1H' is not a playing card: '1' is not a rank"))
        #expect(message.contains("card 5: 'QX' is not a playing card: 'X' is not a suit"))
    }

    @Test func emptyTokenBetweenCommasIsReported() {
        let error = #expect(throws: CardListParseError.self) { try [PlayingCard](parsing: "AS,,KD") }
        #expect(error?.failures.map(\.position) == [2])
    }
}
