/// Cards imposed on printer's pages: as many to a page as fit, centred, with crop marks outside
/// the cut lines and, for duplex printing, back pages mirrored so that each back lands behind its
/// face. Everything in millimetres.
public struct PrintLayout: Sendable, Hashable {
    /// A sheet of paper.
    public struct Paper: Sendable, Hashable {
        /// The paper's name.
        public var name: String
        /// Its size, portrait, in millimetres.
        public var width, height: Double

        /// ISO A4: 210 × 297 mm.
        public static let a4 = Paper(name: "a4", width: 210, height: 297)
        /// US Letter: 8.5 × 11 in.
        public static let letter = Paper(name: "letter", width: 215.9, height: 279.4)
        /// The named papers.
        public static let named: [String: Paper] = ["a4": a4, "letter": letter]
    }

    /// The smallest margin kept around the grid of cards, for crop marks: 1.5 mm.
    public static let minimumMargin = 1.5
    /// How long a crop mark is at most.
    public static let markLength = 5.0

    /// The paper.
    public let paper: Paper
    /// The card's size, without bleed.
    public let cardWidth, cardHeight: Double
    /// Bleed around each card.
    public let bleed: Double
    /// Cards across and down a page.
    public let columns, rows: Int

    /// A layout of `cardWidth` × `cardHeight` cards with `bleed` on `paper`; `nil` if not even
    /// one card fits.
    public init?(paper: Paper, cardWidth: Double, cardHeight: Double, bleed: Double = 0) {
        self.paper = paper
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.bleed = bleed
        let usableWidth = paper.width - 2 * Self.minimumMargin, usableHeight = paper.height - 2 * Self.minimumMargin
        columns = Int(((usableWidth + 1e-9) / (cardWidth + 2 * bleed)).rounded(.down))
        rows = Int(((usableHeight + 1e-9) / (cardHeight + 2 * bleed)).rounded(.down))
        guard columns > 0, rows > 0 else { return nil }
    }

    /// Cards on one page.
    public var perPage: Int { columns * rows }

    /// Pages needed for `count` cards (faces only).
    public func pageCount(for count: Int) -> Int { (count + perPage - 1) / perPage }

    /// The cell (card plus bleed) width and height.
    public var cellWidth: Double { cardWidth + 2 * bleed }
    /// The cell (card plus bleed) height.
    public var cellHeight: Double { cardHeight + 2 * bleed }

    /// The top-left corner of the grid on the page.
    public var gridOrigin: Point {
        Point(x: (paper.width - Double(columns) * cellWidth) / 2, y: (paper.height - Double(rows) * cellHeight) / 2)
    }

    /// The top-left corner of slot `slot` (row by row) with its bleed; on a back page
    /// (`mirrored`), the columns run right to left, so that a back printed on the other side of
    /// the sheet (flipped about its long edge) lands behind its face.
    public func cellOrigin(of slot: Int, mirrored: Bool = false) -> Point {
        let row = slot / columns
        let column = mirrored ? columns - 1 - slot % columns : slot % columns
        let origin = gridOrigin
        return Point(x: origin.x + Double(column) * cellWidth, y: origin.y + Double(row) * cellHeight)
    }

    /// The crop marks: short lines in the margin, in line with every cut line, stopping short of
    /// the grid so that no mark touches a card or its bleed.
    public var cropMarks: [(from: Point, to: Point)] {
        let origin = gridOrigin
        let gridRight = origin.x + Double(columns) * cellWidth, gridBottom = origin.y + Double(rows) * cellHeight
        let gap = 0.5
        let horizontalRoom = origin.x - gap, verticalRoom = origin.y - gap
        var marks: [(from: Point, to: Point)] = []
        // Vertical cut lines: the left and right edge of each card, marked above and below the grid.
        let length = min(Self.markLength, verticalRoom)
        if length > 0.2 {
            for column in 0..<columns {
                let left = origin.x + Double(column) * cellWidth + bleed
                for x in [left, left + cardWidth] {
                    marks.append((Point(x: x, y: origin.y - gap - length), Point(x: x, y: origin.y - gap)))
                    marks.append((Point(x: x, y: gridBottom + gap), Point(x: x, y: gridBottom + gap + length)))
                }
            }
        }
        let width = min(Self.markLength, horizontalRoom)
        if width > 0.2 {
            for row in 0..<rows {
                let top = origin.y + Double(row) * cellHeight + bleed
                for y in [top, top + cardHeight] {
                    marks.append((Point(x: origin.x - gap - width, y: y), Point(x: origin.x - gap, y: y)))
                    marks.append((Point(x: gridRight + gap, y: y), Point(x: gridRight + gap + width, y: y)))
                }
            }
        }
        return marks
    }
}
