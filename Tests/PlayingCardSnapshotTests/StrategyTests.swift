import Foundation
import PlayingCardRendering
import PlayingCardSnapshotTesting
import PlayingCards
import SnapshotTesting
import Testing

/// Tests of the tests: the strategies notice what they must, and only that.
@Suite("Snapshot strategies")
struct StrategyTests {
    static let renderer = try! CardRenderer(style: snapshotStyle())
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/DeckSnapshotTests")

    static func reference(_ code: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: references.appendingPathComponent("card.\(code).png")))
    }

    /// The reference with a `size` × `size` block at (x, y) changed by `change`.
    static func altered(_ png: [UInt8], x: Int, y: Int, size: Int, _ change: (UInt32) -> UInt32) throws -> [UInt8] {
        let image = try RasterImage(png: png)
        var pixels = image.pixels
        for row in y..<y + size {
            for column in x..<x + size { pixels[row * image.width + column] = change(pixels[row * image.width + column]) }
        }
        return RasterImage(width: image.width, height: image.height, pixels: pixels).pngData()
    }

    @Test func aChangedBlockOfPixelsIsCountedExactly() throws {
        let reference = try Self.reference("QH")
        // A 10 × 10 block of white face, left of the court frame, turned black.
        let original = try RasterImage(png: reference)
        #expect((8..<18).allSatisfy { x in (100..<110).allSatisfy { y in original.pixels[y * original.width + x] == 0xFFFF_FFFF } })
        let changed = try Self.altered(reference, x: 8, y: 100, size: 10) { _ in 0xFF00_0000 }
        let diffing = Snapshotting<[UInt8], [UInt8]>.png().diffing
        let failure = try #require(diffing.diffV2(reference, changed), "a changed block must be reported")
        #expect(failure.0.contains("100 of 45180 pixels"), "\(failure.0)")
        #expect(failure.0.contains("largest channel difference is 255"), "\(failure.0)")
        // Unchanged bytes pass at once.
        #expect(diffing.diffV2(reference, reference) == nil)
    }

    @Test func aChangeInsideTheToleranceOrTheAllowedFractionPasses() throws {
        let reference = try Self.reference("5S")
        // Every channel of a white 20 × 20 block nudged down by 1 (within the default tolerance of 2).
        let nudged = try Self.altered(reference, x: 60, y: 60, size: 20) { pixel in
            pixel == 0xFFFF_FFFF ? 0xFFFE_FEFE : pixel
        }
        #expect(try RasterImage(png: nudged).pixels != RasterImage(png: reference).pixels, "the block really changed")
        #expect(Snapshotting<[UInt8], [UInt8]>.png().diffing.diffV2(reference, nudged) == nil)
        // A big change on 25 pixels passes when 0.1 % of pixels may differ, and fails when none may.
        let spotted = try Self.altered(reference, x: 10, y: 10, size: 5) { _ in 0xFF00_00FF }
        #expect(Snapshotting<[UInt8], [UInt8]>.png(ImageComparison(maximumDifferingFraction: 0.001)).diffing.diffV2(reference, spotted) == nil)
        #expect(Snapshotting<[UInt8], [UInt8]>.png().diffing.diffV2(reference, spotted) != nil)
    }

    @Test func aDifferentCardFailsAgainstAReferenceAndADiffImageIsWritten() throws {
        let artifacts = try Support.folder()
        defer { try? FileManager.default.removeItem(at: artifacts) }
        setenv("SNAPSHOT_ARTIFACTS", artifacts.path, 1)
        defer { unsetenv("SNAPSHOT_ARTIFACTS") }
        let message = withSnapshotTesting(record: .never, diffTool: .imageDifferences) {
            verifySnapshot(of: PlayingCard(.king, of: .hearts), as: .image(Self.renderer), named: "QH",
                           snapshotDirectory: Self.references.path, testName: "card")
        }
        let text = try #require(message, "the king of hearts must not match the queen's reference")
        #expect(text.contains("Snapshot \"QH\" does not match reference") && text.contains("pixels"), "\(text)")
        // The failed image and, beside it, the difference image.
        let failed = artifacts.appendingPathComponent("StrategyTests/card.QH.png")
        let diff = artifacts.appendingPathComponent("StrategyTests/card.QH-diff.png")
        #expect(FileManager.default.fileExists(atPath: failed.path))
        #expect(text.contains(diff.path))
        let diffImage = try RasterImage(png: [UInt8](try Data(contentsOf: diff)))
        #expect(diffImage.pixels.contains(0xFFFF_00FF), "differences are highlighted in magenta")
    }

    @Test func aMissingReferenceFailsWhenRecordingIsOff() throws {
        let empty = try Support.folder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let message = withSnapshotTesting(record: .never) {
            verifySnapshot(of: PlayingCard(.two, of: .clubs), as: .image(Self.renderer), named: "2C",
                           snapshotDirectory: empty.path, testName: "card")
        }
        #expect(message?.contains("No reference was found") == true)
        #expect((try FileManager.default.contentsOfDirectory(atPath: empty.path)).isEmpty, "nothing is recorded")
    }

    @Test func svgAndPDFNeedNoNormalisationBecauseNothingVaries() throws {
        for card in [PlayingCard(.queen, of: .hearts), .joker(.red)] {
            // Two renders, one in a fresh renderer, are byte-identical: no ids, dates or counters.
            let svg = try Self.renderer.render(card, as: .svg), again = try CardRenderer(style: snapshotStyle()).render(card, as: .svg)
            #expect(svg == again)
            let pdf = try Self.renderer.render(card, as: .pdf), pdfAgain = try CardRenderer(style: snapshotStyle()).render(card, as: .pdf)
            #expect(pdf == pdfAgain)
            // Normalising only breaks lines between elements: take the breaks out and the text is the file.
            let text = String(decoding: svg, as: UTF8.self)
            #expect(SVGNormalization.normalize(text).split(separator: "\n").joined() == text.split(separator: "\n").joined())
        }
        // A changed SVG shows as a line diff naming the changed element.
        let a = SVGNormalization.normalize(String(decoding: try Self.renderer.render(PlayingCard(.two, of: .hearts), as: .svg), as: UTF8.self))
        let b = a.replacingOccurrences(of: "Two of Hearts", with: "Two of Tarts")
        let failure = try #require(Snapshotting<String, String>.svgText.diffing.diffV2(a, b))
        #expect(failure.0.contains("Two of Tarts"))
        // PDF bytes: the first differing byte is named.
        var pdf = try Self.renderer.render(PlayingCard(.two, of: .hearts), as: .pdf)
        let original = pdf
        pdf[100] ^= 1
        #expect(Diffing<[UInt8]>.bytes.diffV2(original, pdf)?.0.contains("byte 100") == true)
    }
}

/// Folders for the strategy tests.
enum Support {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
