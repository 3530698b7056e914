import Foundation
import PlayingCardRendering
import PlayingCards
import PropertyBased
import Testing

/// `PNGCompression.small`: the same pixels as `fast`, in files no larger than ImageMagick's.
@Suite("PNG compression")
struct PNGCompressionTests {
    static let renderer = try! CardRenderer(style: CardStyle())
    /// The cards issue 13 names and a black one, at 744 × 1039 px (poker size at 300 dpi, the default).
    static let sides: [CardSide] = [.face(PlayingCard(.five, of: .hearts)), .face(PlayingCard(.queen, of: .hearts)), .back,
                                    .face(PlayingCard(.eight, of: .clubs))]   // the last is all grey

    static func renderer(_ compression: PNGCompression) throws -> CardRenderer {
        var style = CardStyle()
        style.pngCompression = compression
        return try CardRenderer(style: style)
    }

    @Test func smallDecodesToTheSamePixelsAsFast() throws {
        let small = try Self.renderer(.small)
        for side in Self.sides {
            let fastPNG = try Self.renderer.render(side, as: .png), smallPNG = try small.render(side, as: .png)
            #expect(smallPNG.count < fastPNG.count, "\(side.code): \(smallPNG.count) bytes small, \(fastPNG.count) fast")
            #expect(try RasterImage(png: smallPNG).pixels == RasterImage(png: fastPNG).pixels, "\(side.code)")
        }
        // Wider than a DEFLATE match reaches back.
        let width = 9000
        let wide = RasterImage(width: width, height: 3, pixels: (0..<3 * width).map { i in
            i % 5 == 0 ? 0x8040_2010 : UInt32(truncatingIfNeeded: (i / 3) &* 2654435761) | 0xFF00_0000
        })
        #expect(try RasterImage(png: wide.pngData(compression: .small)).pixels == RasterImage(png: wide.pngData()).pixels)
    }

    @Test func smallStoresOnlyWhatThePixelsNeed() throws {
        // (image, the PNG colour type small writes): grey with alpha for a black card, RGBA for
        // a red one, a palette once bleed squares the corners (no antialiased corners: fewer
        // than 256 colours), grey and RGB for opaque ramps. fast writes RGB or RGBA.
        var bled = CardStyle()
        bled.bleed = 3
        let greyRamp: [UInt32] = (0..<4096).map { i in 0xFF00_0000 | UInt32(i % 256) * 0x01_0101 }
        let colourRamp: [UInt32] = (0..<4096).map { i in
            let red = UInt32(i % 64 * 4), green = UInt32(i / 64 * 4)
            return 0xFF00_0080 | red << 16 | green << 8
        }
        let fourColours: [UInt32] = (0..<4096).map { i in
            let palette: [UInt32] = [0xFF00_00FF, 0xFFFF_0000, 0x8000_4000, 0]
            return palette[(i / 64 + i % 64 / 8) % 4]
        }
        let cases: [(String, RasterImage, UInt8)] = [
            ("8♣", try Self.renderer.rasterize(PlayingCard(.eight, of: .clubs)), 4),
            ("5♥", try Self.renderer.rasterize(PlayingCard(.five, of: .hearts)), 6),
            ("5♥ with bleed", try CardRenderer(style: bled).rasterize(PlayingCard(.five, of: .hearts)), 3),
            ("grey ramp", RasterImage(width: 256, height: 16, pixels: greyRamp), 0),
            ("colour ramp", RasterImage(width: 64, height: 64, pixels: colourRamp), 2),
            ("four colours", RasterImage(width: 64, height: 64, pixels: fourColours), 3),
        ]
        for (name, image, colorType) in cases {
            let small = image.pngData(compression: .small), fast = image.pngData()
            #expect(Support.pngHeader(small)?.colorType == colorType, "\(name)")
            #expect(small.count < fast.count, "\(name): \(small.count) bytes small, \(fast.count) fast")
            #expect(try RasterImage(png: small).pixels == RasterImage(png: fast).pixels, "\(name)")
        }
    }

    @Test func smallAndFastAgreeOnAnyImage() async {
        // Images of a few colours laid out in runs, or of noise, so that every filter wins
        // some rows. Pixels are premultiplied: no channel above alpha.
        await propertyCheck(count: 300, input: Gen.int(in: 1...40), Gen.int(in: 1...12), Gen.int(in: 0...Int.max)) { width, height, seed in
            var state = UInt64(truncatingIfNeeded: seed) | 1
            func next() -> UInt32 {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                return UInt32(truncatingIfNeeded: state)
            }
            let palette: [UInt32] = (0..<4).map { _ in
                let alpha = [0, 255, 128, next() & 255][Int(next() % 4)]
                let channels = (0..<3).map { _ in alpha == 0 ? 0 : next() % (alpha + 1) }
                return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
            }
            let noise = seed % 2 == 0
            var pixels: [UInt32] = []
            while pixels.count < width * height {
                if noise {
                    let alpha = next() % 3 == 0 ? 255 : next() & 255
                    let channels = (0..<3).map { _ in next() % (alpha + 1) }
                    pixels.append(alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2])
                } else {
                    pixels += [UInt32](repeating: palette[Int(next() % 4)], count: Int(next() % 9) + 1)
                }
            }
            let image = RasterImage(width: width, height: height, pixels: Array(pixels.prefix(width * height)))
            let fast = try RasterImage(png: image.pngData(compression: .fast))
            let small = try RasterImage(png: image.pngData(compression: .small))
            #expect(small.pixels == fast.pixels, "\(width) × \(height), seed \(seed)")
        }
    }

    @Test func smallIsNoLargerThanImageMagicksStrongestPNG() throws {
        // ImageMagick (make deps installs it) re-encodes the fast file, which has the same
        // pixels, at zlib level 9 with its default adaptive row filters, grey where it can be.
        let convert = try #require(Support.which("convert"), "ImageMagick's convert is needed: make deps installs it")
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try Self.renderer(.small)
        for side in Self.sides {
            let fast = folder.appendingPathComponent("\(side.code).png"), magick = folder.appendingPathComponent("\(side.code)-im.png")
            try Data(try Self.renderer.render(side, as: .png)).write(to: fast)
            let run = try Support.run(convert, [fast.path, "-define", "png:compression-level=9", magick.path])
            try #require(run.status == 0, "convert failed on \(side.code)")
            let magickBytes = try Data(contentsOf: magick)
            #expect(try RasterImage(png: [UInt8](magickBytes)).pixels == RasterImage(png: try Self.renderer.render(side, as: .png)).pixels,
                    "ImageMagick kept the pixels of \(side.code)")
            let smallBytes = try small.render(side, as: .png)
            #expect(smallBytes.count <= magickBytes.count, "\(side.code): small \(smallBytes.count) bytes, ImageMagick \(magickBytes.count)")
        }
    }
}
