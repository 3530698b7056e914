import Foundation
import PlayingCardRendering
import PlayingCards
import Testing

/// The README's rendering example, compiled and run. `ReadmeExamplesTests.readmeShowsTheseExamples`
/// (in PlayingCardsTests) checks that the block between the markers appears in README.md.
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
}
