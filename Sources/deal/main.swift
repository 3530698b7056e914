import ArgumentParser
import PlayingCards

/// Shuffles a deck and deals hands: the toolkit's first main job, until the renderer lands.
struct Deal: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deal",
        abstract: "Shuffle a deck and deal hands.",
        discussion: """
            Without --seed the shuffle is secure and unpredictable; the seed it used is printed, so
            the same deal can be replayed with --seed.

            Examples:
              deal --players 4 --cards 5
              deal --players 2 --cards 7 --jokers 2 --notation name
              deal --seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f

            Exit codes: 0 success; 1 the deck cannot make this deal; 64 bad options.
            """
    )

    @Option(help: "Number of hands, 1 or more.")
    var players = 4

    @Option(help: "Cards in each hand, 0 or more.")
    var cards = 5

    @Option(help: "Jokers in the deck: 0, 1 or 2.")
    var jokers = 0

    @Option(help: "Decks in the shoe: 1 to \(PlayingCardDeck.maximumDecks).")
    var decks = 1

    @Option(help: "A 256-bit seed as 64 hex digits, to replay a deal.")
    var seed: String?

    @Option(help: "How cards are written: symbol (Q♥), code (QH), name (Queen of Hearts) or unicode (🂽).")
    var notation: NotationName = .symbol

    enum NotationName: String, ExpressibleByArgument, CaseIterable {
        case symbol, code, name, unicode

        var notation: CardNotation {
            switch self {
            case .symbol: .symbol
            case .code: .code()
            case .name: .name
            case .unicode: .unicode
            }
        }
    }

    func validate() throws {
        guard players >= 1 else { throw ValidationError("--players must be 1 or more, not \(players)") }
        guard cards >= 0 else { throw ValidationError("--cards must be 0 or more, not \(cards)") }
        guard (0...2).contains(jokers) else { throw ValidationError("--jokers must be 0, 1 or 2, not \(jokers)") }
        guard (1...PlayingCardDeck.maximumDecks).contains(decks) else {
            throw ValidationError("--decks must be from 1 to \(PlayingCardDeck.maximumDecks), not \(decks)")
        }
        if let seed {
            do { _ = try ShuffleSeed(hex: seed) } catch { throw ValidationError("--seed: \(error)") }
        }
    }

    func run() throws {
        let shuffleSeed = try seed.map { try ShuffleSeed(hex: $0) } ?? .random()
        var deck = try PlayingCardDeck(jokers: jokers, decks: decks)
        let hands = try deck.shuffleAndDeal(hands: players, cardsEach: cards, seed: shuffleSeed)
        let width = String(players).count
        for (number, hand) in hands.enumerated() {
            let label = String(number + 1)
            let padding = String(repeating: " ", count: width - label.count)
            let separator = notation == .name ? ", " : " "
            print("Player \(padding)\(label): \(hand.map { $0.formatted(notation.notation) }.joined(separator: separator))")
        }
        print("Left in the deck: \(deck.count) cards")
        print("Seed: \(shuffleSeed.hex)")
    }
}

Deal.main()
