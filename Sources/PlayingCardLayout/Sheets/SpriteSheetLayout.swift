/// Where each image goes on a sprite sheet: a grid of equal cells, in whole pixels.
public struct SpriteSheetLayout: Sendable, Hashable {
    /// The width and height of one card, in pixels.
    public let cellWidth, cellHeight: Int
    /// Cards in a row.
    public let columns: Int
    /// Pixels between neighbouring cards (so that texture filtering never mixes two cards).
    public let padding: Int
    /// How many cards.
    public let count: Int

    /// A sheet of `count` cards of `cellWidth` × `cellHeight` pixels, `columns` to a row.
    public init(count: Int, cellWidth: Int, cellHeight: Int, columns: Int, padding: Int = 2) {
        self.count = count
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.columns = max(1, min(columns, max(count, 1)))
        self.padding = padding
    }

    /// Rows of cards.
    public var rows: Int { (count + columns - 1) / columns }

    /// The whole sheet, in pixels.
    public var width: Int { columns * cellWidth + (columns - 1) * padding }
    /// The whole sheet, in pixels.
    public var height: Int { rows * cellHeight + max(rows - 1, 0) * padding }

    /// The pixel rectangle of card `index`: its top-left corner and size.
    public func frame(of index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        ((index % columns) * (cellWidth + padding), (index / columns) * (cellHeight + padding), cellWidth, cellHeight)
    }
}
