import PlayingCards
import PlayingCardLayout

/// The project's own court, joker and back designs, from `Assets/`, compiled into the library.
///
/// Each picture is read the first time a card needs it (each `static let` is initialised once,
/// on first use, thread-safely), so drawing one card reads one picture.
enum BuiltInArtwork {
    /// The set of pictures; none is read yet.
    static let artwork = CardArtwork(
        ranks: [:],
        cards: [
            PlayingCard(.jack, of: .spades): deferred { JS }, PlayingCard(.jack, of: .hearts): deferred { JH },
            PlayingCard(.jack, of: .diamonds): deferred { JD }, PlayingCard(.jack, of: .clubs): deferred { JC },
            PlayingCard(.queen, of: .spades): deferred { QS }, PlayingCard(.queen, of: .hearts): deferred { QH },
            PlayingCard(.queen, of: .diamonds): deferred { QD }, PlayingCard(.queen, of: .clubs): deferred { QC },
            PlayingCard(.king, of: .spades): deferred { KS }, PlayingCard(.king, of: .hearts): deferred { KH },
            PlayingCard(.king, of: .diamonds): deferred { KD }, PlayingCard(.king, of: .clubs): deferred { KC },
        ],
        joker: deferred { joker }, back: deferred { back })

    private static func deferred(_ load: @escaping @Sendable () -> VectorArt) -> CardArtwork.Source {
        .vector(VectorArt(deferred: load))
    }

    /// Reads one file; a parse failure is a bug in `Assets/`, caught by the tests.
    private static func parse(_ bytes: [UInt8], _ name: String) -> VectorArt {
        do {
            return try VectorArt(svg: String(decoding: bytes, as: UTF8.self))
        } catch {
            fatalError("Assets/\(name) is not in the artwork subset: \(error)")
        }
    }

    // Twelve figures, one per court card, named by card code as in a `--art` folder.
    private static let JS = parse(PackageResources.JS_svg, "courts/JS.svg")
    private static let JH = parse(PackageResources.JH_svg, "courts/JH.svg")
    private static let JD = parse(PackageResources.JD_svg, "courts/JD.svg")
    private static let JC = parse(PackageResources.JC_svg, "courts/JC.svg")
    private static let QS = parse(PackageResources.QS_svg, "courts/QS.svg")
    private static let QH = parse(PackageResources.QH_svg, "courts/QH.svg")
    private static let QD = parse(PackageResources.QD_svg, "courts/QD.svg")
    private static let QC = parse(PackageResources.QC_svg, "courts/QC.svg")
    private static let KS = parse(PackageResources.KS_svg, "courts/KS.svg")
    private static let KH = parse(PackageResources.KH_svg, "courts/KH.svg")
    private static let KD = parse(PackageResources.KD_svg, "courts/KD.svg")
    private static let KC = parse(PackageResources.KC_svg, "courts/KC.svg")
    private static let joker = parse(PackageResources.joker_svg, "joker.svg")
    private static let back = parse(PackageResources.back_svg, "back.svg")
}
