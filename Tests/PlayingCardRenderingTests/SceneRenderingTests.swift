import Foundation
import PlayingCardLayout
import PlayingCardRendering
import PlayingCards
import Testing

/// Scenes drawn: cards land where the view says they do.
@Suite("Scene rendering")
struct SceneRenderingTests {
    @Test func cardsAreDrawnWhereTheViewPutsThem() throws {
        var style = CardStyle()
        style.dpi = 100
        let cards = try CardRenderer(style: style)
        let hand = try [PlayingCard](parsing: "5H 5S 5D")
        let scene = Scene.fan(hand, cardSize: (63, 88)).faceDown(first: 1)
        let view = SceneView(scene: scene, canvasWidth: 800, canvasHeight: 600)
        let felt = Color(red: 0x1E, green: 0x5C, blue: 0x3A)
        let renderer = SceneRenderer(cards: cards, background: .color(felt))
        let image = try RasterImage(png: renderer.render(scene, in: view, as: .png))
        #expect(image.width == 800 && image.height == 600)
        func pixel(_ card: Int, _ local: Point) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            let p = view.canvasPoint(fromScene: scene.placements[card].transform.apply(local))
            return image.rgba(x: Int(p.x), y: Int(p.y))
        }
        // The last card is on top: its centre pip (a five has one) is in its suit's colour.
        let diamond = pixel(2, Point(x: 31.5, y: 44))
        #expect(diamond.red > 150 && diamond.green < 60)
        // The first card lies face down: near its top-left corner, inside the margin, is the back.
        let back = pixel(0, Point(x: 6, y: 12))
        #expect(back.blue > back.red, "the back's blue shows")
        // Outside every card: felt.
        #expect(image.rgba(x: 2, y: 2) == (felt.red, felt.green, felt.blue, 255))
        // Hit-testing agrees with the picture.
        let centre = view.canvasPoint(fromScene: scene.placements[2].transform.apply(Point(x: 31.5, y: 44)))
        #expect(view.cardIndex(atCanvas: centre, in: scene) == 2)
    }

    @Test func backgroundImagesThatDecodeTooSlowlyAreRefused() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An SVG of 20,000 circles: quick enough normally, never within a microsecond.
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">"#
        for i in 0..<20_000 { svg += "<circle cx=\"\(i % 1000)\" cy=\"\(i / 20)\" r=\"3\" fill=\"#1e5c3a\"/>" }
        svg += "</svg>"
        let path = folder.appendingPathComponent("slow.svg").path
        try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: RenderError.self) { try SceneBackground.load(path: path, timeLimit: 0.000_001) }
        #expect(error?.code == .artwork && error?.message.contains("slow.svg") == true && error?.message.contains("took longer") == true)
        // With the normal limit the same file loads.
        #expect(throws: Never.self) { try SceneBackground.load(path: path) }
    }

    @Test func scenesAreDeterministicInEveryFormat() throws {
        let cards = try CardRenderer(style: CardStyle())
        let scene = Scene.row(try [PlayingCard](parsing: "QH KS"), cardSize: (63, 88))
        let view = SceneView(scene: scene, canvasWidth: 400, canvasHeight: 300)
        let renderer = SceneRenderer(cards: cards)
        for format in ImageFormat.allCases {
            #expect(try renderer.render(scene, in: view, as: format) == renderer.render(scene, in: view, as: format))
        }
        let svg = String(decoding: try renderer.render(scene, in: view, as: .svg), as: UTF8.self)
        // Each card's symbols are kept apart.
        #expect(svg.contains(#"id="c0p""#) && svg.contains(#"id="c1p""#))
    }
}
