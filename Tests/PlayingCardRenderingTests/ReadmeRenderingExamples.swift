import Foundation
import PlayingCardLayout
import PlayingCardRendering
import PlayingCards
import Testing

/// The rendering examples of the library guide (the first one also in the README), compiled and
/// run. `ReadmeExamplesTests.guidesShowTheseExamples` (in PlayingCardsTests) checks that the
/// blocks between the markers appear in docs/library.md.
@Suite("README rendering example")
struct ReadmeRenderingExamples {
    @Test func rendering() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("qh.png").path
        // README: rendering
        var style = CardStyle()                    // poker size, 300 dpi, classic colours
        style.theme = .fourColor
        let renderer = try CardRenderer(style: style)
        let png = try renderer.render(PlayingCard(.queen, of: .hearts), as: .png)   // 744 × 1039
        let svg = try renderer.render(PlayingCard(.ten, of: .clubs), as: .svg)      // about 1.2 KB
        try Data(png).write(to: URL(fileURLWithPath: path))
        // END
        #expect(Support.pngHeader(png)?.width == 744 && svg.count < 2048)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func scenes() throws {
        let renderer = try CardRenderer(style: CardStyle())
        // README: scenes
        let cards = try [PlayingCard](parsing: "AS KD 10H 9C QS")
        let scene = Scene.fan(cards, cardSize: (63, 88))                     // millimetres
        let view = SceneView(scene: scene, canvasWidth: 1200, canvasHeight: 800)
        let picture = try SceneRenderer(cards: renderer).render(scene, in: view, as: .png)
        let clicked = view.cardIndex(atCanvas: Point(x: 400, y: 100), in: scene)   // 2: the 10♥'s corner
        // END
        #expect(Support.pngHeader(picture)?.width == 1200 && clicked == 2, "\(String(describing: clicked)) at \(view.canvasCorners(of: 2, in: scene))")
    }
}
