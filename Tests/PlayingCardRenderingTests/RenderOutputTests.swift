import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PlayingCardLayout
import PlayingCardRendering
import PlayingCards
import Testing

/// PNG, SVG and PDF output: sizes, formats, determinism.
@Suite("Render output")
struct RenderOutputTests {
    static let renderer = try! CardRenderer(style: CardStyle())
    static let sample: [PlayingCard] = [PlayingCard(.ace, of: .spades), PlayingCard(.ten, of: .hearts), PlayingCard(.seven, of: .diamonds),
                                        PlayingCard(.jack, of: .clubs), PlayingCard(.queen, of: .hearts), PlayingCard(.king, of: .spades),
                                        .joker(.red), .joker(.black)]

    @Test func pokerCardsAt300DpiAre744By1039() throws {
        let png = try Self.renderer.render(PlayingCard(.queen, of: .hearts), as: .png)
        let header = try #require(Support.pngHeader(png))
        #expect(header.width == 744 && header.height == 1039)
        #expect(header.colorType == 6, "rounded corners are transparent, so RGBA")
    }

    @Test func sizesPresetsPixelsAndBleed() throws {
        var style = CardStyle()
        style.size = .bridge
        #expect(try CardRenderer(style: style).pixelSize == (673, 1051))
        style.size = try CardSize(pixelWidth: 250, pixelHeight: nil, dpi: 300)
        #expect(try CardRenderer(style: style).pixelSize == (250, 349))
        style.size = .poker
        style.bleed = 3
        let renderer = try CardRenderer(style: style)
        #expect(renderer.pixelSize == (815, 1110))
        let header = try #require(Support.pngHeader(try renderer.render(PlayingCard(.two, of: .clubs), as: .png)))
        #expect(header.width == 815 && header.colorType == 2, "with bleed the card is square-cornered and opaque: RGB")
    }

    @Test func pngDecodesToThePixelsDrawn() throws {
        for card in [PlayingCard(.five, of: .hearts), PlayingCard(.queen, of: .spades)] {
            let image = try Self.renderer.rasterize(card)
            let decoded = try RasterImage(png: image.pngData())
            #expect(decoded.width == image.width && decoded.height == image.height)
            // Opaque pixels survive exactly; edge pixels go through straight alpha and back.
            var worst = 0
            for i in 0..<image.pixels.count {
                let (a, b) = (image.pixels[i], decoded.pixels[i])
                if a >> 24 == 255 {
                    #expect(a == b)
                    if a != b { break }
                } else {
                    for shift in [0, 8, 16, 24] as [UInt32] {
                        worst = max(worst, abs(Int((a >> shift) & 255) - Int((b >> shift) & 255)))
                    }
                }
            }
            #expect(worst <= 1)
        }
    }

    @Test func pngRoundTripsForOpaqueWideAndRepeatingImages() throws {
        // Opaque (RGB), with rows that repeat the row above in places.
        var style = CardStyle()
        style.bleed = 3
        let opaque = try CardRenderer(style: style).rasterize(PlayingCard(.king, of: .clubs))
        #expect(try RasterImage(png: opaque.pngData()).pixels == opaque.pixels)
        // Wider than a DEFLATE match can reach back (9,000 px RGBA rows are 36,001 bytes), with
        // every row repeating the one above but for one pixel: no copies from the row above.
        let width = 9000, height = 4
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = x % 7 == 0 ? 0x8040_2010 : UInt32(truncatingIfNeeded: x &* 2654435761) | 0xFF00_0000 }
            pixels[y * width + y] = 0xFFFF_FFFF
        }
        let wide = RasterImage(width: width, height: height, pixels: pixels)
        let decoded = try RasterImage(png: wide.pngData())
        #expect(decoded.width == width)
        // Semi-transparent pixels round to within 1; the rest are exact.
        #expect(zip(decoded.pixels, pixels).allSatisfy { a, b in a == b || (b >> 24 != 255 && abs(Int(a & 0xFF) - Int(b & 0xFF)) <= 1) })
    }

    @Test func outputIsByteIdenticalAcrossRunsOrdersAndThreads() async throws {
        for format in ImageFormat.allCases {
            let first = try Self.sample.map { try Self.renderer.render($0, as: format) }
            let reversed = try Self.sample.reversed().map { try Self.renderer.render($0, as: format) }.reversed()
            #expect(first == Array(reversed), "\(format) depends on the order of renders")
            let renderer = Self.renderer
            let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
                for (i, card) in Self.sample.enumerated() {
                    group.addTask { (i, try renderer.render(card, as: format)) }
                }
                var results = [[UInt8]](repeating: [], count: Self.sample.count)
                for try await (i, bytes) in group { results[i] = bytes }
                return results
            }
            #expect(first == parallel, "\(format) differs when rendered in parallel")
            // A fresh renderer (as in another process) gives the same bytes.
            #expect(try CardRenderer(style: CardStyle()).render(Self.sample[4], as: format) == first[4])
        }
    }

    @Test func svgHasUnitsViewBoxAndTitleAndParses() throws {
        for style in SVGStyle.allCases {
            var cardStyle = CardStyle()
            cardStyle.svgStyle = style
            let renderer = try CardRenderer(style: cardStyle)
            for card in Self.sample {
                let svg = String(decoding: try renderer.render(card, as: .svg), as: UTF8.self)
                #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 63 88""#))
                #expect(svg.contains("<title>\(card.formatted(.name))</title>"))
                let parser = XMLParser(data: Data(svg.utf8))
                #expect(parser.parse(), "\(card) in \(style) SVG is not well-formed XML")
                if style == .flat {
                    #expect(!svg.contains("<use") && !svg.contains("<symbol"), "flat SVG must not reference shapes")
                } else {
                    #expect(svg.contains("<use"))
                }
            }
        }
    }

    @Test func compactSVGOfEveryPipCardIsAtMostTwoKilobytes() throws {
        for card in PlayingCard.standardDeck where !(card.rank?.isCourt ?? true) {
            let size = try Self.renderer.render(card, as: .svg).count
            #expect(size <= 2048, "\(card) is \(size) bytes")
        }
    }

    @Test func svgDrawnByLibrsvgLooksLikeThePNG() throws {
        let rsvg = try #require(Support.which("rsvg-convert"), "rsvg-convert is installed by make deps (librsvg2-bin)")
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for style in SVGStyle.allCases {
            var cardStyle = CardStyle()
            cardStyle.svgStyle = style
            cardStyle.dpi = 120   // 298 × 416: enough to see any real difference, quick to compare
            let renderer = try CardRenderer(style: cardStyle)
            let (width, height) = renderer.pixelSize
            for card in Self.sample + [nil] {
                let name = card?.formatted(.code()) ?? "back"
                let svgFile = folder.appendingPathComponent("\(name)-\(style).svg"), pngFile = folder.appendingPathComponent("\(name)-\(style).png")
                try Data(card.map { try renderer.render($0, as: .svg) } ?? renderer.renderBack(as: .svg)).write(to: svgFile)
                let result = try Support.run(rsvg, ["-w", "\(width)", "-h", "\(height)", svgFile.path, "-o", pngFile.path])
                #expect(result.status == 0)
                let theirs = try RasterImage(png: [UInt8](try Data(contentsOf: pngFile)))
                let ours = try card.map { try renderer.rasterize($0) } ?? renderer.rasterize(renderer.backDrawing())
                // Antialiasing differs along edges; anything more is a real difference.
                let fraction = Support.differingFraction(ours, theirs, tolerance: 40)
                #expect(fraction < 0.01, "\(name) \(style): \(fraction * 100)% of pixels differ")
            }
        }
    }

    @Test func pdfIsOneVectorPageTheSizeOfTheCard() throws {
        let pdf = try Self.renderer.render(PlayingCard(.king, of: .hearts), as: .pdf)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/MediaBox [ 0 0 178.582677 249.448819 ]"), "63 × 88 mm in points")
        #expect(text.contains("/Title (King of Hearts)"))
        #expect(text.components(separatedBy: "/Type /Page\n").count - 1 == 1 || text.contains("/Count 1"))
        #expect(!text.contains("/Subtype /Image"), "the card is vector, not an embedded picture")
    }

    @Test func writesFilesAtomically() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let card = PlayingCard(.two, of: .spades)
        try Self.renderer.write(card, to: folder.appendingPathComponent("2s.svg").path)
        try Self.renderer.write(card, to: folder.appendingPathComponent("2s.out").path, as: .pdf)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["2s.out", "2s.svg"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("2s.svg")) == Data(Self.renderer.render(card, as: .svg)))
        let noFormat = #expect(throws: RenderError.self) { try Self.renderer.write(card, to: folder.appendingPathComponent("2s.gif").path) }
        #expect(noFormat?.message.contains("2s.gif") == true)
        let missing = folder.appendingPathComponent("no/such/folder/2s.png").path
        let unwritable = #expect(throws: RenderError.self) { try Self.renderer.write(card, to: missing) }
        #expect(unwritable?.code == .output && unwritable?.message.contains(missing) == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2, "no temporary file is left")
    }

    @Test func faceDownDrawsTheBackOnly() throws {
        var style = CardStyle()
        style.faceDown = true
        let renderer = try CardRenderer(style: style)
        #expect(try renderer.render(PlayingCard(.ace, of: .hearts), as: .png) == Self.renderer.renderBack(as: .png))
        #expect(renderer.drawing(of: PlayingCard(.ace, of: .hearts)).title == "Card back")
    }
}
