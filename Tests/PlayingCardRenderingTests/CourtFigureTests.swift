import Foundation
import PlayingCardLayout
import PlayingCardRendering
import PlayingCards
import Testing

/// The twelve court cards are twelve figures, not three drawings in four colours: for each rank,
/// the dark ink of any two suits overlaps less than 60 % (intersection over union of the masks).
@Suite("Court figures")
struct CourtFigureTests {
    /// The most two suits of one rank may share: 0.6 of their ink. A recoloured drawing scores
    /// 1.0; the public-domain deck the issue compares against scores 0.43–0.54.
    static let maximumOverlap = 0.6

    /// Each built-in theme as users see it, where the suit's colour counts as ink wherever it is
    /// dark; then the bare line drawing: every suit in a light grey, so that only the figure's
    /// own lines and dark fills are ink.
    static let themes: [Theme] = {
        let grey = Color(red: 0xC0, green: 0xC0, blue: 0xC0)
        var lineDrawing = Suit.allCases.reduce(Theme.classic) { $0.withColor(grey, for: $1) }
        lineDrawing.name = "line drawing"
        return Theme.builtIn + [lineDrawing]
    }()

    /// Which pixels of `card` are dark ink: opaque, with a luminance (Rec. 601) below half.
    static func inkMask(_ card: PlayingCard, renderer: CardRenderer) throws -> [Bool] {
        let image = try renderer.rasterize(card)
        var mask = [Bool](repeating: false, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.rgba(x: x, y: y)
                let luminance = 0.299 * Double(p.red) + 0.587 * Double(p.green) + 0.114 * Double(p.blue)
                mask[y * image.width + x] = p.alpha >= 128 && luminance < 128
            }
        }
        return mask
    }

    /// Intersection over union of two masks of the same size.
    static func overlap(_ a: [Bool], _ b: [Bool]) -> Double {
        var both = 0, either = 0
        for (x, y) in zip(a, b) {
            if x && y { both += 1 }
            if x || y { either += 1 }
        }
        return either == 0 ? 1 : Double(both) / Double(either)
    }

    @Test(arguments: themes)
    func theSuitsOfARankAreDifferentFigures(theme: Theme) throws {
        var style = CardStyle()
        style.dpi = 144   // 357 px wide: finer than the 180 px the figures must read at
        style.theme = theme
        let renderer = try CardRenderer(style: style)
        for rank in [Rank.jack, .queen, .king] {
            let masks = try Suit.allCases.map { try Self.inkMask(PlayingCard(rank, of: $0), renderer: renderer) }
            var figures: [String] = []
            for i in masks.indices {
                for j in masks.indices where j > i {
                    let first = PlayingCard(rank, of: Suit.allCases[i]), second = PlayingCard(rank, of: Suit.allCases[j])
                    let value = Self.overlap(masks[i], masks[j])
                    figures.append("\(first.formatted(.code()))–\(second.formatted(.code())) \(String(format: "%.3f", value))")
                    #expect(value < Self.maximumOverlap,
                            "\(theme.name): the \(first.formatted(.name)) and the \(second.formatted(.name)) share \(value) of their ink")
                }
            }
            print("court ink overlap, \(theme.name), \(rank): \(figures.joined(separator: ", "))")
        }
    }
}
