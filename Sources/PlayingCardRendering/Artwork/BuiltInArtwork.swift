import PlayingCards
import PlayingCardLayout

/// The project's own court, joker and back designs, from `Assets/`, compiled into the library.
enum BuiltInArtwork {
    /// Parsed once; a parse failure is a bug in `Assets/`, caught by the tests.
    static let artwork: CardArtwork = {
        func art(_ bytes: [UInt8], _ name: String) -> CardArtwork.Source {
            do {
                return .vector(try VectorArt(svg: String(decoding: bytes, as: UTF8.self)))
            } catch {
                fatalError("Assets/\(name) is not in the artwork subset: \(error)")
            }
        }
        // Twelve figures, one per court card, named by card code as in a `--art` folder.
        let courts: [(Rank, Suit, [UInt8])] = [
            (.jack, .spades, PackageResources.JS_svg), (.jack, .hearts, PackageResources.JH_svg),
            (.jack, .diamonds, PackageResources.JD_svg), (.jack, .clubs, PackageResources.JC_svg),
            (.queen, .spades, PackageResources.QS_svg), (.queen, .hearts, PackageResources.QH_svg),
            (.queen, .diamonds, PackageResources.QD_svg), (.queen, .clubs, PackageResources.QC_svg),
            (.king, .spades, PackageResources.KS_svg), (.king, .hearts, PackageResources.KH_svg),
            (.king, .diamonds, PackageResources.KD_svg), (.king, .clubs, PackageResources.KC_svg),
        ]
        var cards: [PlayingCard: CardArtwork.Source] = [:]
        for (rank, suit, bytes) in courts {
            let card = PlayingCard(rank, of: suit)
            cards[card] = art(bytes, "courts/\(card.formatted(.code())).svg")
        }
        return CardArtwork(ranks: [:], cards: cards,
                           joker: art(PackageResources.joker_svg, "joker.svg"),
                           back: art(PackageResources.back_svg, "back.svg"))
    }()
}
