import Memorize

extension ServiceError {
    /// The service's error for a refusal of the Memorize library.
    init(_ error: MemoryGameError) {
        switch error.code {
        case .noSuchCard(let index, let count):
            self = .badRequest(.cardIndex, value: String(index), "is not a card of this game", allowed: "the cards are numbered 0 to \(count - 1)")
        case .tooFewPairs(let pairs):
            self = .badRequest(.pairs, value: String(pairs), "is too few", allowed: "a game has at least \(MemoryGame<Int>.minimumPairs) pairs")
        case .pairsOutOfRange(let pairs, let faces):
            self = .badRequest(
                .pairs, value: String(pairs), "is not allowed",
                allowed: "this theme deals \(MemoryGame<Int>.minimumPairs) to \(faces) pairs, one per face")
        case .unknownTheme(let name, let known):
            self = .badRequest(.theme, value: name, "is not known", allowed: "give one of \(known.joined(separator: ", "))")
        default:
            self = .badRequest(.theme, "cannot deal a game: \(error.description)")
        }
    }
}
