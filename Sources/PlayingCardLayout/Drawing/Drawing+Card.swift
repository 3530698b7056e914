public import PlayingCards

extension Drawing {
    /// The face of `card`: background, corner indices, then pips, court art or the joker.
    ///
    /// Symbols: `p` the suit symbol (100 units tall), `i` the top-left index, `a` the artwork.
    public init(face card: PlayingCard, layout: CardLayout, design: CardDesign) {
        var builder = CardDrawingBuilder(layout: layout, design: design, title: card.formatted(.name))
        builder.drawFace(of: card)
        self = builder.finish()
    }

    /// The back of a card: the back design in the back colour inside a white margin.
    public init(backWith layout: CardLayout, design: CardDesign) {
        var builder = CardDrawingBuilder(layout: layout, design: design, title: "Card back")
        builder.drawBack()
        self = builder.finish()
    }
}

/// Collects the symbols and items of one card.
private struct CardDrawingBuilder {
    let layout: CardLayout
    let design: CardDesign
    let title: String
    var symbols: [Drawing.Symbol] = []
    var items: [Drawing.Item] = []

    init(layout: CardLayout, design: CardDesign, title: String) {
        self.layout = layout
        self.design = design
        self.title = title
    }

    var cardCenter: Point { layout.bounds.center }

    /// Turns a shape drawn in the top half into its twin in the bottom half.
    var halfTurn: AffineTransform { layout.oppositeIndexTransform }

    func finish() -> Drawing {
        let bleed = design.bleed
        var all = items
        if bleed > 0 {
            all = [.group(items, transform: .translation(x: bleed, y: bleed), clip: nil)]
        }
        return Drawing(width: layout.width + 2 * bleed, height: layout.height + 2 * bleed, title: title,
                       symbols: symbols, items: all)
    }

    // MARK: Background

    mutating func drawBackground() {
        let theme = design.theme
        if design.bleed > 0 {
            let b = design.bleed
            items.append(.path(.rectangle(Rect(x: -b, y: -b, width: layout.width + 2 * b, height: layout.height + 2 * b)),
                               fill: theme.face, stroke: nil))
            return
        }
        let lineWidth = theme.borderWidth * layout.height
        let stroke = design.border ? Drawing.Stroke(color: theme.border, width: lineWidth) : nil
        // The outline sits inside the card, so that nothing is cut off at the image's edge.
        let inset = design.border ? lineWidth / 2 : 0
        items.append(.roundedRectangle(layout.bounds.insetBy(inset), radius: layout.cornerRadius - inset,
                                       fill: theme.face, stroke: stroke))
    }

    // MARK: Face

    mutating func drawFace(of card: PlayingCard) {
        drawBackground()
        switch card.face {
        case .joker(let color):
            let accent = color == .red ? design.theme.redJoker : design.theme.blackJoker
            drawJokerArt(accent: accent, card: card)
            drawIndex(label: design.letters.joker, suit: nil, color: accent, stacked: true)
        case .standard(let rank, let suit):
            let color = design.theme.color(for: suit)
            symbols.append(Drawing.Symbol(id: "p", items: [.path(SuitShape.path(for: suit), fill: color, stroke: nil)]))
            if rank.isCourt {
                drawCourt(card: card, suit: suit, color: color)
            } else {
                drawPips(rank: rank)
            }
            drawIndex(label: design.letters.label(for: rank), suit: suit, color: color, stacked: false)
        }
    }

    mutating func drawPips(rank: Rank) {
        for pip in layout.pips(for: PlayingCard(rank, of: .spades)) {
            items.append(.use("p", transform: Self.placement(size: pip.size, at: pip.center, turned: pip.turned)))
        }
    }

    /// Where a symbol 100 units tall goes to be `size` tall, centred at `center`.
    static func placement(size: Double, at center: Point, turned: Bool) -> AffineTransform {
        let scale = size / SuitShape.height
        let base = AffineTransform.scale(x: scale, y: scale)
        return (turned ? AffineTransform.rotation(.pi).concatenating(base) : base)
            .concatenating(.translation(x: center.x, y: center.y))
    }

    // MARK: Index

    mutating func drawIndex(label: String, suit: Suit?, color: Color, stacked: Bool) {
        let rankFrame = layout.indexRankFrame
        var index: [Drawing.Item] = []
        let weight = design.theme.indexWeight
        if stacked {
            // The joker's word runs down the corner, one small letter under another.
            let letterHeight = rankFrame.height * 0.62
            let scale = letterHeight / IndexFont.capHeight
            for (i, character) in label.enumerated() {
                guard let glyph = IndexFont.glyph(for: character) else { continue }
                let top = rankFrame.origin.y + Double(i) * letterHeight * 1.32
                let x = rankFrame.center.x - glyph.width * scale / 2
                index.append(.group([.path(glyph.path, fill: nil, stroke: Drawing.Stroke(color: color, width: IndexFont.strokeWidth * weight * 1.3))],
                                    transform: .scale(x: scale, y: scale).concatenating(.translation(x: x, y: top)), clip: nil))
            }
        } else if let set = IndexFont.label(label) {
            // Two-character labels ("10") are condensed a little, as real indices are.
            let condense = min(1, 84 / set.width)
            let path = set.path.applying(.scale(x: condense, y: 1))
            let scale = rankFrame.height / IndexFont.capHeight
            let x = rankFrame.center.x - set.width * condense * scale / 2
            index.append(.group([.path(path, fill: nil, stroke: Drawing.Stroke(color: color, width: IndexFont.strokeWidth * weight))],
                                transform: .scale(x: scale, y: scale).concatenating(.translation(x: x, y: rankFrame.origin.y)), clip: nil))
        }
        if suit != nil {
            let pip = layout.indexPip
            index.append(.use("p", transform: Self.placement(size: pip.size, at: pip.center, turned: false)))
        }
        symbols.append(Drawing.Symbol(id: "i", items: index))
        items.append(.use("i", transform: .identity))
        items.append(.use("i", transform: halfTurn))
        if design.corners == .four {
            // The top-right index mirrors the top-left one's position, not its drawing.
            let shift = AffineTransform.translation(x: layout.width - 2 * layout.indexBox.center.x, y: 0)
            items.append(.use("i", transform: shift))
            items.append(.use("i", transform: shift.concatenating(halfTurn)))
        }
    }

    // MARK: Artwork

    /// Fits a `width` × `height` picture inside `frame`, centred, aspect kept.
    static func fit(width: Double, height: Double, in frame: Rect) -> AffineTransform {
        let scale = min(frame.width / width, frame.height / height)
        return .scale(x: scale, y: scale).concatenating(
            .translation(x: frame.center.x - width * scale / 2, y: frame.center.y - height * scale / 2))
    }

    /// The artwork items placed into `frame`, as the symbol `a`.
    mutating func defineArt(_ source: CardArtwork.Source, accent: Color, frame: Rect) {
        let placed: Drawing.Item
        switch source {
        case .vector(let art):
            let box = art.viewBox
            let toFrame = AffineTransform.translation(x: -box.origin.x, y: -box.origin.y)
                .concatenating(Self.fit(width: box.width, height: box.height, in: frame))
            placed = .group(art.items(accent: accent), transform: toFrame, clip: nil)
        case .image(let image):
            placed = .image(image, frame: frame)
        }
        symbols.append(Drawing.Symbol(id: "a", items: [placed]))
    }

    mutating func drawCourt(card: PlayingCard, suit: Suit, color: Color) {
        let frame = layout.courtFrame
        if let source = design.artwork.source(for: card) {
            defineArt(source, accent: color, frame: frame)
            // Double-ended: the picture's top half, then the same turned 180° about the centre.
            let topHalf = Rect(x: frame.origin.x, y: frame.origin.y, width: frame.width, height: frame.height / 2)
            items.append(.doubleEnded([.use("a", transform: .identity)], half: topHalf, center: cardCenter))
        }
        let line = 0.004 * layout.height
        items.append(.path(.rectangle(frame), fill: nil, stroke: Drawing.Stroke(color: color, width: line)))
        // The suit beside the figure's head, top left and (turned) bottom right inside the frame;
        // left out where a jumbo or four-corner index would crowd it.
        guard layout.index == .standard, design.corners == .two else { return }
        let size = 0.075 * layout.height
        let corner = Point(x: frame.origin.x + size * 0.75, y: frame.origin.y + size * 0.75)
        items.append(.use("p", transform: Self.placement(size: size, at: corner, turned: false)))
        items.append(.use("p", transform: Self.placement(size: size, at: corner, turned: false).concatenating(halfTurn)))
    }

    mutating func drawJokerArt(accent: Color, card: PlayingCard) {
        guard let source = design.artwork.source(for: card) else { return }
        defineArt(source, accent: accent, frame: layout.courtFrame)
        items.append(.use("a", transform: .identity))
    }

    // MARK: Back

    mutating func drawBack() {
        drawBackground()
        let color = design.backColor ?? design.theme.back
        let margin = 0.045 * layout.width
        let panel = layout.bounds.insetBy(margin)
        let panelRadius = max(0, layout.cornerRadius - margin)
        switch design.artwork.back {
        case .vector(let art):
            // The design covers the panel (aspect kept, overflow cut off).
            let box = art.viewBox
            let scale = max(panel.width / box.width, panel.height / box.height)
            let transform = AffineTransform.translation(x: -box.origin.x - box.width / 2, y: -box.origin.y - box.height / 2)
                .concatenating(.scale(x: scale, y: scale))
                .concatenating(.translation(x: panel.center.x, y: panel.center.y))
            items.append(.group([.group(art.items(accent: color), transform: transform, clip: nil)], transform: .identity,
                                clip: .roundedRectangle(panel, radius: panelRadius)))
        case .image(let image):
            items.append(.roundedRectangle(panel, radius: panelRadius, fill: color, stroke: nil))
            items.append(.group([.image(image, frame: panel)], transform: .identity, clip: .roundedRectangle(panel, radius: panelRadius)))
        }
    }
}
