public import PlayingCardRendering
public import PlayingCards
public import SnapshotTesting
import Foundation

extension Snapshotting where Value == PlayingCard, Format == [UInt8] {
    /// A card as PNG, drawn by `renderer` (its style sets size, theme and the rest), compared
    /// under `comparison`.
    ///
    /// ```swift
    /// let renderer = try CardRenderer(style: CardStyle())
    /// assertSnapshot(of: PlayingCard(.queen, of: .hearts), as: .image(renderer), named: "QH")
    /// ```
    public static func image(_ renderer: CardRenderer, _ comparison: ImageComparison = ImageComparison()) -> Snapshotting {
        Snapshotting<CardSide, [UInt8]>.image(renderer, comparison).pullback { CardSide.face($0) }
    }

    /// A card as PDF bytes: compared byte for byte (the renderer's PDF has nothing that varies).
    public static func pdf(_ renderer: CardRenderer) -> Snapshotting {
        Snapshotting<[UInt8], [UInt8]>(pathExtension: "pdf", diffing: .bytes).pullback { card in
            (try? renderer.render(card, as: .pdf)) ?? Array("render failed".utf8)
        }
    }
}

extension Snapshotting where Value == CardSide, Format == [UInt8] {
    /// A card's face or the back as PNG.
    public static func image(_ renderer: CardRenderer, _ comparison: ImageComparison = ImageComparison()) -> Snapshotting {
        Snapshotting<[UInt8], [UInt8]>.png(comparison).pullback { side in
            do {
                switch side {
                case .face(let card): return try renderer.render(card, as: .png)
                case .back: return try renderer.renderBack(as: .png)
                }
            } catch {
                // Not a PNG: the comparison reports it with this text.
                return Array("rendering \(side.code) failed: \(error)".utf8)
            }
        }
    }
}

extension Snapshotting where Value == PlayingCard, Format == String {
    /// A card as SVG in the renderer's SVG style, one element a line so that a failure shows a
    /// readable line diff.
    public static func svg(_ renderer: CardRenderer) -> Snapshotting {
        Snapshotting<String, String>.svgText.pullback { card in
            (try? renderer.render(card, as: .svg)).map { String(decoding: $0, as: UTF8.self) } ?? "render failed"
        }
    }
}

extension Snapshotting where Value == CardSide, Format == String {
    /// A card's face or the back as SVG, one element a line.
    public static func svg(_ renderer: CardRenderer) -> Snapshotting {
        Snapshotting<String, String>.svgText.pullback { side in
            (try? renderer.render(renderer.drawing(of: side), as: .svg)).map { String(decoding: $0, as: UTF8.self) } ?? "render failed"
        }
    }
}

extension Snapshotting where Value == String, Format == String {
    /// SVG text, normalised for comparison by ``SVGNormalization/normalize(_:)``, compared line by line.
    public static var svgText: Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines).pullback(SVGNormalization.normalize)
    }
}

/// What SVG snapshots change before comparing.
public enum SVGNormalization {
    /// Puts each element on its own line (for readable diffs) and ends with one newline. Nothing
    /// else is rewritten: the renderer's SVG has no generated ids, dates or other varying parts.
    public static func normalize(_ svg: String) -> String {
        var out = ""
        out.reserveCapacity(svg.utf8.count + svg.utf8.count / 20)
        var previous: Character = " "
        for character in svg where character != "\n" && character != "\r" {
            if character == "<" && previous == ">" { out.append("\n") }
            out.append(character)
            previous = character
        }
        return out + "\n"
    }
}

extension Diffing where Value == [UInt8] {
    /// Bytes compared exactly; a failure gives both sizes and the first differing offset.
    public static var bytes: Diffing {
        Diffing.diff(toData: { Data($0) }, fromData: { [UInt8]($0) }) { reference, actual in
            guard reference != actual else { return nil }
            let offset = zip(reference, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(reference.count, actual.count)
            return ("\(actual.count) bytes against the reference's \(reference.count); the first difference is at byte \(offset)", [])
        }
    }
}
