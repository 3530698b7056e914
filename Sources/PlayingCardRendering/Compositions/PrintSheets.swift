public import PlayingCardLayout
public import PlayingCards

extension CardRenderer {
    /// A print-ready, multi-page vector PDF of `cards` on `paper`: as many cards to a page as
    /// fit, centred, each with this style's bleed; crop marks outside the cut lines if asked; and
    /// with `backs`, a back page after each face page, mirrored for duplex printing (flip on the
    /// long edge) so that each back lands behind its face.
    ///
    /// - Parameters:
    ///   - cards: the cards, in order, filling each page row by row.
    ///   - paper: A4 or Letter (or any `PrintLayout.Paper`).
    ///   - cropMarks: whether to draw crop marks outside the cut lines.
    ///   - backs: whether to add a mirrored page of backs after each page of faces.
    ///   - progress: called with the number of pages drawn so far.
    public func printSheets(_ cards: [PlayingCard], paper: PrintLayout.Paper, cropMarks: Bool = true, backs: Bool = false,
                            progress: ((Int) -> Void)? = nil) throws(RenderError) -> [UInt8] {
        guard !cards.isEmpty else { throw RenderError(.invalidStyle, "there are no cards to print") }
        guard let layout = PrintLayout(paper: paper, cardWidth: layout.width, cardHeight: layout.height, bleed: style.bleed) else {
            throw RenderError(.invalidSize, "a \(self.layout.width) × \(self.layout.height) mm card with \(style.bleed) mm bleed does not fit on \(paper.name) paper (\(paper.width) × \(paper.height) mm)")
        }
        var pages: [Drawing] = []
        let back = backDrawing()
        for start in stride(from: 0, to: cards.count, by: layout.perPage) {
            let onPage = Array(cards[start..<min(start + layout.perPage, cards.count)])
            let number = start / layout.perPage + 1
            pages.append(page(layout, title: "Cards, page \(number)", cropMarks: cropMarks,
                              cells: onPage.enumerated().map { (drawing(of: $0.element), layout.cellOrigin(of: $0.offset)) }))
            if backs {
                pages.append(page(layout, title: "Backs, page \(number)", cropMarks: cropMarks,
                                  cells: onPage.indices.map { (back, layout.cellOrigin(of: $0, mirrored: true)) }))
            }
        }
        return try CairoOutput.pdf(pages: pages, progress: progress)
    }

    private func page(_ layout: PrintLayout, title: String, cropMarks: Bool, cells: [(Drawing, Point)]) -> Drawing {
        var page = Drawing(width: layout.paper.width, height: layout.paper.height, title: title)
        page.items.append(.path(.rectangle(Rect(x: 0, y: 0, width: layout.paper.width, height: layout.paper.height)), fill: .white, stroke: nil))
        for (card, origin) in cells {
            page.place(card, transform: .translation(x: origin.x, y: origin.y))
        }
        if cropMarks {
            var marks = Path()
            for mark in layout.cropMarks {
                marks.move(to: mark.from)
                marks.line(to: mark.to)
            }
            page.items.append(.path(marks, fill: nil, stroke: Drawing.Stroke(color: .black, width: 0.25)))
        }
        return page
    }
}
