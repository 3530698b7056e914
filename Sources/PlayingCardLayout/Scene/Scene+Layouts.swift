public import PlayingCards

extension Scene {
    /// How a group of cards is laid out.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// Side by side, each card overlapping the one before.
        case row
        /// Turned about a common pivot below the hand, as a hand is held.
        case fan
        /// A pile, each card slightly down and to the right of the one below.
        case stack
        /// Rows and columns with a gap.
        case grid
    }

    /// `cards` in the given layout, with each layout's default spacing.
    public static func layout(_ cards: [PlayingCard], as layout: Layout, cardSize: (width: Double, height: Double)) -> Scene {
        switch layout {
        case .row: row(cards, cardSize: cardSize)
        case .fan: fan(cards, cardSize: cardSize)
        case .stack: stack(cards, cardSize: cardSize)
        case .grid: grid(cards, cardSize: cardSize)
        }
    }

    /// Cards side by side; each covers `overlap` (0–0.9) of the width of the one before.
    public static func row(_ cards: [PlayingCard], cardSize: (width: Double, height: Double), overlap: Double = 0.5) -> Scene {
        let step = cardSize.width * (1 - min(max(overlap, 0), 0.9))
        return Scene(cardWidth: cardSize.width, cardHeight: cardSize.height, placements: cards.enumerated().map { i, card in
            Placement(card: card, transform: .translation(x: Double(i) * step, y: 0))
        })
    }

    /// Cards turned about a pivot 1.5 card heights below their centres, `spread` radians apart
    /// (8° by default), the middle card upright.
    public static func fan(_ cards: [PlayingCard], cardSize: (width: Double, height: Double), spread: Double = 8 * .pi / 180) -> Scene {
        let (w, h) = cardSize
        let radius = 1.5 * h
        let pivot = Point(x: w / 2, y: h / 2 + radius)
        let middle = Double(cards.count - 1) / 2
        return Scene(cardWidth: w, cardHeight: h, placements: cards.enumerated().map { i, card in
            let angle = (Double(i) - middle) * spread
            return Placement(card: card, transform: .rotation(angle, about: pivot))
        })
    }

    /// A pile: each card 0.4 mm (scaled with the card) right of and below the one under it.
    public static func stack(_ cards: [PlayingCard], cardSize: (width: Double, height: Double)) -> Scene {
        let step = cardSize.height * 0.4 / 88
        return Scene(cardWidth: cardSize.width, cardHeight: cardSize.height, placements: cards.enumerated().map { i, card in
            Placement(card: card, transform: .translation(x: Double(i) * step, y: Double(i) * step))
        })
    }

    /// Rows of `columns` cards (by default the square root of the count, rounded up) with `gap`
    /// between them (a tenth of the card width by default).
    public static func grid(_ cards: [PlayingCard], cardSize: (width: Double, height: Double), columns: Int? = nil, gap: Double? = nil) -> Scene {
        let count = max(cards.count, 1)
        let columns = max(1, columns ?? Int(Double(count).squareRoot().rounded(.up)))
        let gap = gap ?? cardSize.width / 10
        return Scene(cardWidth: cardSize.width, cardHeight: cardSize.height, placements: cards.enumerated().map { i, card in
            Placement(card: card, transform: .translation(x: Double(i % columns) * (cardSize.width + gap),
                                                          y: Double(i / columns) * (cardSize.height + gap)))
        })
    }

    /// A group of cards on a ``table(_:cardSize:)``.
    public struct Group: Sendable, Hashable {
        /// The group's name, such as "dealer" or "player 1".
        public var name: String
        /// The cards.
        public var cards: [PlayingCard]
        /// How they are laid out.
        public var layout: Layout
        /// How many of the first cards lie face down.
        public var faceDown: Int

        /// A group from its parts.
        public init(name: String, cards: [PlayingCard], layout: Layout = .row, faceDown: Int = 0) {
            self.name = name
            self.cards = cards
            self.layout = layout
            self.faceDown = faceDown
        }
    }

    /// Several groups on one table: the first (the dealer, say) centred along the top, the rest
    /// side by side below it, a card height apart. Placements are in group order; the ranges
    /// returned say which placements belong to each group.
    public static func table(_ groups: [Group], cardSize: (width: Double, height: Double)) -> (scene: Scene, groupRanges: [Range<Int>]) {
        let (w, h) = cardSize
        let parts = groups.map { group in
            Scene.layout(group.cards, as: group.layout, cardSize: cardSize).faceDown(first: group.faceDown)
        }
        let gap = w / 2
        let lower = parts.dropFirst()
        let lowerWidth = lower.reduce(0) { $0 + ($1.bounds?.width ?? 0) } + gap * Double(max(lower.count - 1, 0))
        var placements: [Placement] = []
        var ranges: [Range<Int>] = []
        func place(_ part: Scene, at origin: Point) {
            let bounds = part.bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
            let shift = AffineTransform.translation(x: origin.x - bounds.origin.x, y: origin.y - bounds.origin.y)
            let start = placements.count
            placements += part.placements.map { Placement(card: $0.card, faceUp: $0.faceUp, transform: $0.transform.concatenating(shift)) }
            ranges.append(start..<placements.count)
        }
        if let first = parts.first {
            let width = first.bounds?.width ?? 0
            place(first, at: Point(x: max(lowerWidth, width) / 2 - width / 2, y: 0))
            let top = (first.bounds?.height ?? 0) + h
            var x = max(0, (width - lowerWidth) / 2)
            for part in lower {
                place(part, at: Point(x: x, y: top))
                x += (part.bounds?.width ?? 0) + gap
            }
        }
        return (Scene(cardWidth: w, cardHeight: h, placements: placements), ranges)
    }
}
