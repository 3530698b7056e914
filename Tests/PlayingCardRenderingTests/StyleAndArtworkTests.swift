import Foundation
import PlayingCardLayout
import PlayingCardRendering
import PlayingCards
import Testing

/// Themes, options, the built-in artwork, the user's artwork, and every refused input.
@Suite("Styles and artwork")
struct StyleAndArtworkTests {
    /// A small renderer, quick to sample.
    static func renderer(_ change: (inout CardStyle) -> Void = { _ in }) throws -> CardRenderer {
        var style = CardStyle()
        style.dpi = 100
        change(&style)
        return try CardRenderer(style: style)
    }

    /// The colour at the centre of the card's middle pip (a five has one there).
    static func centreColour(_ card: PlayingCard, _ renderer: CardRenderer) throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let image = try renderer.rasterize(card)
        return image.rgba(x: image.width / 2, y: image.height / 2)
    }

    @Test func themesColourTheSuits() throws {
        let classic = try Self.renderer()
        let four = try Self.renderer { $0.theme = .fourColor }
        let diamond = PlayingCard(.five, of: .diamonds), club = PlayingCard(.five, of: .clubs)
        let red = try Self.centreColour(diamond, classic)
        #expect(red.red > 150 && red.blue < 80)
        let blue = try Self.centreColour(diamond, four)
        #expect(blue.blue > 150 && blue.red < 80)
        let green = try Self.centreColour(club, four)
        #expect(green.green > 100 && green.red < 60)
        let purple = try Self.renderer { $0.theme = Theme.classic.withColor(try! Color(parsing: "#5b2a86"), for: .hearts) }
        let p = try Self.centreColour(PlayingCard(.five, of: .hearts), purple)
        #expect(p.red == 0x5B && p.green == 0x2A && p.blue == 0x86)
        let contrast = try Self.renderer { $0.theme = .highContrast }
        #expect(try Self.centreColour(PlayingCard(.five, of: .spades), contrast) == (0, 0, 0, 255))
    }

    @Test func everyThemeRendersEveryCardInEveryFormat() throws {
        for theme in Theme.builtIn {
            let renderer = try Self.renderer { $0.theme = theme }
            for card in PlayingCard.allCards {
                for format in ImageFormat.allCases { #expect(try !renderer.render(card, as: format).isEmpty) }
            }
            #expect(try !renderer.renderBack(as: .png).isEmpty)
        }
    }

    @Test func optionsChangeThePicture() throws {
        let card = PlayingCard(.eight, of: .hearts)
        let base = try Self.renderer().render(card, as: .png)
        let variants: [(String, (inout CardStyle) -> Void)] = [
            ("classic pips", { $0.pips = .classic }), ("jumbo index", { $0.index = .jumbo }),
            ("four corners", { $0.corners = .four }), ("no border", { $0.border = false }),
            ("letters", { $0.letters = .german }), ("bridge", { $0.size = .bridge }),
        ]
        for (name, change) in variants where name != "letters" {
            #expect(try Self.renderer(change).render(card, as: .png) != base, "\(name) changed nothing")
        }
        // German letters change the jack, not the eight.
        let jack = PlayingCard(.jack, of: .hearts)
        #expect(try Self.renderer { $0.letters = .german }.render(jack, as: .svg) != Self.renderer().render(jack, as: .svg))
        // The face scale zooms the court art.
        #expect(try Self.renderer { $0.faceScale = 0.5 }.render(jack, as: .png) != Self.renderer().render(jack, as: .png))
        // The back colour changes the back.
        let navy = try Self.renderer { $0.backColor = try! Color(parsing: "#800000") }
        #expect(try navy.renderBack(as: .png) != Self.renderer().renderBack(as: .png))
    }

    @Test func theBuiltInArtIsOriginalAndComplete() throws {
        // Each of the twelve court figures, the joker and the back parse, and the courts differ
        // from each other (how much, CourtFigureTests measures).
        let renderer = try Self.renderer()
        let courts = [Rank.jack, .queen, .king].flatMap { rank in Suit.allCases.map { PlayingCard(rank, of: $0) } }
        let images = try courts.map { try renderer.rasterize($0).pixels }
        #expect(Set(images).count == 12)
        // Court art is drawn: the centre of the frame is not the plain face.
        for rank in [Rank.jack, .queen, .king] {
            let image = try renderer.rasterize(PlayingCard(rank, of: .spades))
            let above = image.rgba(x: image.width / 2, y: image.height / 3)
            #expect(above != (255, 255, 255, 255), "\(rank) shows no art")
        }
    }

    @Test func refusedSizesAndScales() {
        func error(_ change: (inout CardStyle) -> Void) -> RenderError? {
            var style = CardStyle()
            change(&style)
            do {
                _ = try CardRenderer(style: style)
                return nil
            } catch {
                return error
            }
        }
        #expect(error { $0.faceScale = 0.2 }?.code == .invalidStyle)
        #expect(error { $0.faceScale = 1.01 }?.message.contains("1.01") == true)
        #expect(error { $0.bleed = 25 }?.code == .invalidSize)
        #expect(error { $0.bleed = -1 }?.code == .invalidSize)
        #expect(error { $0.dpi = 0 }?.code == .invalidSize)
        #expect(error { $0.dpi = 4800; $0.size = .poker }?.message.contains("px") == true, "11,906 × 16,630 px is over the limit")
        #expect(throws: RenderError.self) { try CardSize(millimetres: 0, 88) }
        #expect(throws: RenderError.self) { try CardSize(millimetres: 63, .infinity) }
        #expect(throws: RenderError.self) { try CardSize(pixelWidth: -5, pixelHeight: nil, dpi: 300) }
        #expect(throws: RenderError.self) { try CardSize(pixelWidth: 100_000, pixelHeight: nil, dpi: 300) }
        // 1200 dpi is allowed and still a sane size.
        #expect(error { $0.dpi = 1200 } == nil)
    }

    // MARK: The user's artwork

    static let svgKing = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140"><rect width="100" height="140" fill="#00a000"/></svg>"##

    /// A 2 × 2 blue PNG, made by the renderer itself.
    static func bluePNG() -> [UInt8] {
        RasterImage(width: 2, height: 2, pixels: [UInt32](repeating: 0xFF00_00FF, count: 4)).pngData()
    }

    static func folder(_ files: [String: [UInt8]]) throws -> URL {
        let folder = try Support.temporaryFolder()
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func artFolderPerRankAndPerCard() throws {
        let folder = try Self.folder(["J.png": Self.bluePNG(), "Q.png": Self.bluePNG(), "K.svg": Array(Self.svgKing.utf8),
                                      "QS.svg": Array(Self.svgKing.utf8), "back.svg": Array(Self.svgKing.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer { $0.artwork = .folder(folder.path) }
        let king = try renderer.rasterize(PlayingCard(.king, of: .clubs))
        let k = king.rgba(x: king.width / 2, y: king.height / 3)
        #expect(k.green > 120 && k.red < 40 && k.blue < 40, "the SVG king (green) is drawn")
        let jack = try renderer.rasterize(PlayingCard(.jack, of: .hearts))
        let j = jack.rgba(x: jack.width / 2, y: jack.height / 3)
        #expect(j.blue > 200 && j.red < 40, "the PNG jack (blue) is drawn")
        let queenOfSpades = try renderer.rasterize(PlayingCard(.queen, of: .spades))
        #expect(queenOfSpades.rgba(x: king.width / 2, y: king.height / 3).green > 120, "QS.svg wins over Q.png")
        // The user's back replaces the built-in one.
        let back = try renderer.rasterize(renderer.backDrawing())
        #expect(back.rgba(x: back.width / 2, y: back.height / 2).green > 120, "back.svg (green) is the back")
        // SVG output embeds the user's file.
        let svg = String(decoding: try renderer.render(PlayingCard(.king, of: .clubs), as: .svg), as: UTF8.self)
        #expect(svg.contains("data:image/svg+xml;base64,"))
    }

    @Test func badArtIsATypedErrorNamingTheFile() throws {
        func failure(_ files: [String: [UInt8]]) throws -> RenderError? {
            let folder = try Self.folder(files)
            defer { try? FileManager.default.removeItem(at: folder) }
            do {
                _ = try Self.renderer { $0.artwork = .folder(folder.path) }
                return nil
            } catch {
                return error as? RenderError
            }
        }
        let good = Self.bluePNG()
        // A folder with no picture the renderer uses: the message says which names would do.
        // (Before issue 13 a folder also had to cover all twelve courts; a partial one is now
        // accepted, see `aPartialArtFolderKeepsTheBuiltInArtForTheRest`.)
        for files in [[:], ["notes.txt": good, "QH.jpg": good, "Queen.png": good]] {
            let nothing = try #require(try failure(files), "\(files.keys)")
            #expect(nothing.code == .artwork && nothing.message.contains("no picture to use")
                    && nothing.message.contains("QH.svg") && nothing.message.contains("back"), "\(nothing.message)")
        }
        // Corrupt PNG: the header is fine, the data is not.
        var corrupt = good
        corrupt.replaceSubrange(40..<min(60, corrupt.count), with: [UInt8](repeating: 7, count: min(60, corrupt.count) - 40))
        let corrupted = try #require(try failure(["J.png": good, "Q.png": corrupt, "K.png": good]))
        #expect(corrupted.code == .artwork && corrupted.message.contains("Q.png"))
        // Not a PNG at all.
        let notPNG = try #require(try failure(["J.png": Array("hello".utf8), "Q.png": good, "K.png": good]))
        #expect(notPNG.message.contains("J.png") && notPNG.message.contains("not a PNG"))
        // Oversized: a header claiming 20,000 × 20,000 pixels is refused before decoding.
        var huge = good
        huge.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        let oversized = try #require(try failure(["J.png": good, "Q.png": good, "K.png": huge]))
        #expect(oversized.message.contains("K.png") && oversized.message.contains("too large"))
        // Unreadable SVG.
        let badSVG = try #require(try failure(["J.png": good, "Q.png": good, "K.svg": Array("<svg><unclosed".utf8)]))
        #expect(badSVG.message.contains("K.svg"))
        // Empty file.
        let empty = try #require(try failure(["J.png": [], "Q.png": good, "K.png": good]))
        #expect(empty.message.contains("J.png") && empty.message.contains("empty"))
        // No folder at all.
        #expect(throws: RenderError.self) { try Self.renderer { $0.artwork = .folder("/nonexistent/art") } }
    }

    @Test func aPartialArtFolderKeepsTheBuiltInArtForTheRest() throws {
        let builtIn = try Self.renderer()
        for files in [["KH.svg": Array(Self.svgKing.utf8)], ["K.svg": Array(Self.svgKing.utf8)], ["back.svg": Array(Self.svgKing.utf8)],
                      ["X2.png": Self.bluePNG()]] {
            let folder = try Self.folder(files)
            defer { try? FileManager.default.removeItem(at: folder) }
            let renderer = try Self.renderer { $0.artwork = .folder(folder.path) }
            let name = files.keys.first!
            var covered: [CardSide] = []
            switch name {
            case "KH.svg": covered = [.face(PlayingCard(.king, of: .hearts))]
            case "K.svg": covered = Suit.allCases.map { .face(PlayingCard(.king, of: $0)) }
            case "back.svg": covered = [.back]
            default: covered = [.face(.joker(.red))]
            }
            let sides: [CardSide] = [.back, .face(.joker(.black)), .face(.joker(.red))]
                + [Rank.jack, .queen, .king].flatMap { rank in Suit.allCases.map { .face(PlayingCard(rank, of: $0)) } }
            for side in sides {
                let own = try renderer.render(side, as: .png), standard = try builtIn.render(side, as: .png)
                if covered.contains(side) {
                    #expect(own != standard, "\(name) is drawn on \(side.code)")
                } else {
                    #expect(own == standard, "\(side.code) keeps the built-in art when the folder holds only \(name)")
                }
            }
        }
    }

    /// An SVG with no viewBox, `width` × `height` as given, filled green.
    static func svgWithoutViewBox(width: String, height: String) -> [UInt8] {
        Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)"><rect width="100%" height="100%" fill="#00a000"/></svg>"##.utf8)
    }

    /// The size the renderer took from the user's KH.svg.
    static func sizeOfKingOfHearts(_ renderer: CardRenderer) -> (width: Double, height: Double)? {
        guard case .image(let image) = renderer.design.artwork.source(for: PlayingCard(.king, of: .hearts)) else { return nil }
        return (image.width, image.height)
    }

    @Test(arguments: [("40", 40.0), ("40px", 40), ("1in", 96), ("2.54cm", 96), ("25.4mm", 96), ("72pt", 96), ("6pc", 96),
                      ("0.5in", 48), ("10mm", 960 / 25.4), ("18pt", 24), ("1pc", 16)])
    func anSVGWithoutAViewBoxIsSizedByItsWidthAndHeight(width: String, pixels: Double) throws {
        // The height is the width's in the same unit times 1.5: the size is converted at 96 px to
        // the inch, and the shape is kept.
        let number = Double(width.prefix { $0.isNumber || $0 == "." })!
        let unit = width.drop { $0.isNumber || $0 == "." }
        let folder = try Self.folder(["KH.svg": Self.svgWithoutViewBox(width: width, height: "\(number * 1.5)\(unit)")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try Self.renderer { $0.artwork = .folder(folder.path) }
        let size = try #require(Self.sizeOfKingOfHearts(renderer), "KH.svg is taken")
        // librsvg keeps lengths as 32-bit floats: 2.54 cm comes back as 95.9999986 px.
        #expect(abs(size.width - pixels) < 1e-4 && abs(size.height - pixels * 1.5) < 1e-4, "\(width): \(size)")
        // And librsvg draws it filling its place, as an SVG with a viewBox would be.
        let king = try renderer.rasterize(PlayingCard(.king, of: .hearts))
        let k = king.rgba(x: king.width / 2, y: king.height / 3)
        #expect(k.green > 120 && k.red < 40 && k.blue < 40, "\(width): the green picture is drawn")
    }

    @Test func anSVGWithAViewBoxIsSizedByIt() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="5em" viewBox="0 0 30 50"><rect width="30" height="50"/></svg>"##
        let folder = try Self.folder(["KH.svg": Array(svg.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = try #require(Self.sizeOfKingOfHearts(try Self.renderer { $0.artwork = .folder(folder.path) }))
        #expect(size == (30, 50))
    }

    @Test(arguments: [("100%", "100%", "percentage (100%)"), ("50%", "20mm", "percentage (50%)"), ("20mm", "80%", "height is a percentage"),
                      ("", "", "percentage (100%)"), ("4em", "6em", "in em"), ("4ex", "6ex", "in ex"), ("0", "10", "0 or negative")])
    func anSVGWithoutAViewBoxOrAnAbsoluteSizeIsRefused(width: String, height: String, words: String) throws {
        // A missing width or height counts as 100% in SVG.
        let svg = width.isEmpty
            ? Array(##"<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>"##.utf8)
            : Self.svgWithoutViewBox(width: width, height: height)
        let folder = try Self.folder(["KH.svg": svg])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try Self.renderer { $0.artwork = .folder(folder.path) }
            Issue.record("\(width) × \(height) without a viewBox was accepted")
        } catch let error as RenderError {
            #expect(error.code == .artwork && error.message.contains("KH.svg") && error.message.contains(words)
                    && error.message.contains("add a viewBox"), "\(error.message)")
        }
    }
}
