import Foundation
import Memorize
import PlayingCards
import Testing

/// Themes: the built-in ones, checks on new ones, and the games they deal.
@Suite("Memory themes")
struct MemoryThemeTests {
    @Test func thereAreAtLeastSixValidBuiltInThemesOfCardsAndEmoji() throws {
        let themes = MemoryTheme.builtIn
        #expect(themes.count >= 6)
        #expect(Set(themes.map { $0.name.lowercased() }).count == themes.count)
        #expect(themes.filter { $0.faces.allSatisfy { $0.card != nil } }.count >= 3)
        #expect(themes.filter { $0.faces.allSatisfy { $0.emoji != nil } }.count >= 3)
        #expect(themes.contains { $0.pairs == nil } && themes.contains { $0.colors.count == 2 })
        for theme in themes {
            #expect(theme.faces.allSatisfy { !$0.name.isEmpty && $0.name != $0.description }, "\(theme.name)")
            #expect(try MemoryTheme(name: theme) == theme)
        }
        #expect(try MemoryTheme.builtIn(named: "Aces & Jokers").faces.map(\.name) == [
            "Ace of Spades", "Ace of Diamonds", "Ace of Clubs", "Ace of Hearts", "Black Joker", "Red Joker",
        ])
    }

    @Test func aBuiltInThemeIsFoundByNameIgnoringCase() throws {
        #expect(try MemoryTheme.builtIn(named: "halloween").name == "Halloween")
        let names = MemoryTheme.builtIn.map(\.name)
        #expect(throws: MemoryGameError(.unknownTheme("Birds", known: names))) { try MemoryTheme.builtIn(named: "Birds") }
        #expect(MemoryGameError(.unknownTheme("Birds", known: names)).description.hasPrefix(
            "there is no theme named 'Birds': the themes are Hearts, Court Cards, Aces & Jokers"))
    }

    static let owl = MemoryFace.emoji("🦉", name: "owl")
    static let duck = MemoryFace.emoji("🦆", name: "duck")

    @Test func aThemeIsChecked() throws {
        let theme = try MemoryTheme("Birds", color: "#2A9D8F", gradientTo: "#ffffff", faces: [Self.owl, Self.duck])
        #expect(theme.colors == ["#2a9d8f", "#ffffff"] && theme.pairs == nil)
        let cases: [(MemoryGameError.Code, () throws(MemoryGameError) -> MemoryTheme)] = [
            (.emptyThemeName, { () throws(MemoryGameError) in try MemoryTheme("", color: "#000000", faces: [Self.owl, Self.duck]) }),
            (.invalidColor("red"), { () throws(MemoryGameError) in try MemoryTheme("Birds", color: "red", faces: [Self.owl, Self.duck]) }),
            (.invalidColor("#12345g"), { () throws(MemoryGameError) in try MemoryTheme("Birds", color: "#000000", gradientTo: "#12345g", faces: [Self.owl, Self.duck]) }),
            (.repeatedFace("🦉"), { () throws(MemoryGameError) in try MemoryTheme("Birds", color: "#000000", faces: [Self.owl, Self.duck, Self.owl]) }),
            (.tooFewPairs(1), { () throws(MemoryGameError) in try MemoryTheme("Birds", color: "#000000", faces: [Self.owl]) }),
            (.pairsOutOfRange(3, faces: 2), { () throws(MemoryGameError) in try MemoryTheme("Birds", color: "#000000", faces: [Self.owl, Self.duck], pairs: 3) }),
            (.pairsOutOfRange(1, faces: 2), { () throws(MemoryGameError) in try MemoryTheme("Birds", color: "#000000", faces: [Self.owl, Self.duck], pairs: 1) }),
            (.emptyEmojiFace(emoji: "🦢", name: ""), { () throws(MemoryGameError) in try MemoryTheme("Birds", color: "#000000", faces: [Self.owl, .emoji("🦢", name: "")]) }),
        ]
        for (code, make) in cases {
            #expect(throws: MemoryGameError(code)) { try make() }
        }
        #expect(MemoryGameError(.invalidColor("red")).description == "'red' is not a colour: write # and six hexadecimal digits, such as #ff7518")
        #expect(MemoryGameError(.pairsOutOfRange(3, faces: 2)).description == "cannot deal 3 pairs: this theme deals 2 to 2 pairs, one per face")
    }

    @Test func aNewGameDealsThePairsAskedForOrTheThemes() throws {
        let hearts = try MemoryTheme.builtIn(named: "Hearts")
        #expect(try hearts.newGame().cards.count == 16)
        #expect(try hearts.newGame(pairs: 13).cards.count == 26)
        #expect(try Set(hearts.newGame(pairs: 13).cards.map(\.face)) == Set(hearts.faces))
        #expect(throws: MemoryGameError(.pairsOutOfRange(14, faces: 13))) { try hearts.newGame(pairs: 14) }
        #expect(throws: MemoryGameError(.pairsOutOfRange(1, faces: 13))) { try hearts.newGame(pairs: 1) }
    }

    @Test func aSeedReplaysTheWholeDeal() throws {
        let spades = try MemoryTheme.builtIn(named: "Spades")   // a random number of pairs
        let seed = try ShuffleSeed(hex: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
        let game = try spades.newGame(seed: seed)
        #expect(try spades.newGame(seed: seed) == game)
        #expect(MemoryTheme.randomBuiltIn(seed: seed) == MemoryTheme.randomBuiltIn(seed: seed))
        // Golden deal: spc-shuffle-v1 never changes, so neither does this game.
        #expect(game.cards.map(\.face.description).joined(separator: " ") == Self.goldenSpades)
        let pairCounts = Set((0..<200).map { try! spades.newGame(seed: ShuffleSeed($0)).cards.count / 2 })
        #expect(pairCounts == Set(2...13))
        let themes = Set((0..<200).map { MemoryTheme.randomBuiltIn(seed: ShuffleSeed($0)).name })
        #expect(themes == Set(MemoryTheme.builtIn.map(\.name)))
    }

    static let goldenSpades = "4♠ 6♠ 7♠ A♠ J♠ 8♠ Q♠ 10♠ 2♠ 4♠ 5♠ 2♠ 9♠ 3♠ J♠ 3♠ 9♠ 5♠ A♠ K♠ K♠ 10♠ Q♠ 6♠ 8♠ 7♠"

    @Test func aThemeSavesAndRestoresAndDecodingChecksIt() throws {
        for theme in MemoryTheme.builtIn {
            #expect(try JSONDecoder().decode(MemoryTheme.self, from: JSONEncoder().encode(theme)) == theme)
        }
        let bad = ##"{"name":"Birds","colors":["#000000"],"faces":[{"emoji":"🦉","name":"owl"}]}"##
        do {
            _ = try JSONDecoder().decode(MemoryTheme.self, from: Data(bad.utf8))
            Issue.record("decoded a theme with one face")
        } catch {
            #expect("\(error)".contains("a game has at least 2 pairs, not 1"), "\(error)")
        }
    }
}

extension MemoryTheme {
    /// The theme rebuilt through the public initialiser, to check a built-in one is valid.
    init(name theme: MemoryTheme) throws(MemoryGameError) {
        try self.init(theme.name, color: theme.colors[0], gradientTo: theme.colors.dropFirst().first, faces: theme.faces, pairs: theme.pairs)
    }
}
