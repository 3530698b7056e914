import Foundation

/// The API's answers as the tests read them: typed, so a missing or mistyped member fails the
/// decoding instead of reading as `nil`. Members the API leaves out where they do not apply
/// are optional.

/// A card: `{"code", "image", "images": {"svg", "png"}, "value", "suit"}`.
struct CardAnswer: Decodable, Sendable, Equatable {
    struct Images: Decodable, Sendable, Equatable {
        var svg: String
        var png: String
    }

    var code: String
    var image: String
    var images: Images
    var value: String
    var suit: String
}

/// A pile's count, and its cards when it is the pile listed.
struct PileAnswer: Decodable, Sendable, Equatable {
    var remaining: Int
    var cards: [CardAnswer]?
}

/// A provably fair deck's record.
struct FairAnswer: Decodable, Sendable, Equatable {
    var algorithm: String
    var commitment: String
    var clientSeed: String
    var nonce: UInt64
    var serverSeed: String?
    var order: [String]?

    enum CodingKeys: String, CodingKey {
        case algorithm, commitment
        case clientSeed = "client_seed"
        case nonce
        case serverSeed = "server_seed"
        case order
    }
}

/// A listed card a lenient add or return left where it was.
struct LeftOutAnswer: Decodable, Sendable, Equatable {
    var code: String
    var reason: String
}

/// A deck answer, with the members that say what a lenient request did not do.
struct DeckAnswer: Decodable, Sendable, Equatable {
    var success: Bool
    var deckID: String
    var remaining: Int
    var shuffled: Bool
    var cards: [CardAnswer]?
    var piles: [String: PileAnswer]?
    var fair: FairAnswer?
    var error: String?
    var detail: String?
    var asked: Int?
    var given: Int?
    var notAdded: [LeftOutAnswer]?
    var notReturned: [LeftOutAnswer]?
    var ignored: [String]?

    enum CodingKeys: String, CodingKey {
        case success
        case deckID = "deck_id"
        case remaining, shuffled, cards, piles, fair, error, detail, asked, given
        case notAdded = "not_added"
        case notReturned = "not_returned"
        case ignored
    }
}

/// An error answer: `{"success": false, "error"}`, and our words in `detail` when `error` is
/// deckofcardsapi's.
struct ErrorAnswer: Decodable, Sendable, Equatable {
    var success: Bool
    var error: String
    var detail: String?
}

/// `/healthz`: `{"status": "ok"}`.
struct HealthAnswer: Decodable, Sendable, Equatable {
    var status: String
}

/// A game of Memorize.
struct MemoryGameAnswer: Decodable, Sendable, Equatable {
    struct Theme: Decodable, Sendable, Equatable {
        var name: String
        var colors: [String]
    }

    struct Card: Decodable, Sendable, Equatable {
        var index: Int
        var faceUp: Bool
        var matched: Bool
        var name: String?
        var code: String?
        var image: String?
        var images: CardAnswer.Images?
        var emoji: String?

        enum CodingKeys: String, CodingKey {
            case index
            case faceUp = "face_up"
            case matched, name, code, image, images, emoji
        }
    }

    var success: Bool
    var gameID: String
    var seeded: Bool
    var theme: Theme
    var score: Int
    var finished: Bool
    var cards: [Card]

    enum CodingKeys: String, CodingKey {
        case success
        case gameID = "game_id"
        case seeded, theme, score, finished, cards
    }
}

/// The Memorize themes.
struct MemoryThemesAnswer: Decodable, Sendable, Equatable {
    struct Theme: Decodable, Sendable, Equatable {
        var name: String
        var colors: [String]
        var pairs: Int?
        var maxPairs: Int

        enum CodingKeys: String, CodingKey {
            case name, colors, pairs
            case maxPairs = "max_pairs"
        }
    }

    var themes: [Theme]
}

extension Answer {
    /// The body decoded as `type`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw ServerProcessError(message: "the answer (\(status)) is not a \(type): \(error); it was: \(text)")
        }
    }

    /// The body as a deck answer.
    var deck: DeckAnswer { get throws { try decode(DeckAnswer.self) } }
    /// The codes of the drawn cards; empty when the answer is not a deck with cards.
    var codes: [String] { ((try? deck)?.cards ?? []).map(\.code) }
    /// The deck's `remaining`.
    var remaining: Int? { (try? deck)?.remaining }
    /// The error's message; empty when the answer is no error.
    var error: String { (try? decode(ErrorAnswer.self))?.error ?? "" }
    /// A pile's `remaining`.
    func pileCount(_ name: String) -> Int? { (try? deck)?.piles?[name]?.remaining }
    /// A listed pile's card codes.
    func pileCodes(_ name: String) -> [String] { ((try? deck)?.piles?[name]?.cards ?? []).map(\.code) }
}
