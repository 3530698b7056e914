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
        return CardArtwork(
            ranks: [.jack: art(PackageResources.jack_svg, "jack.svg"),
                    .queen: art(PackageResources.queen_svg, "queen.svg"),
                    .king: art(PackageResources.king_svg, "king.svg")],
            joker: art(PackageResources.joker_svg, "joker.svg"),
            back: art(PackageResources.back_svg, "back.svg"))
    }()
}
