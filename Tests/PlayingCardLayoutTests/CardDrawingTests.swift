import PlayingCardLayout
import PlayingCards
import Testing

/// The display list a card becomes: pips, indices, art and back, checked as geometry.
@Suite("Card drawings")
struct CardDrawingTests {
    static let art = try! VectorArt(svg: #"<svg viewBox="0 0 200 280"><circle cx="100" cy="60" r="30" fill="currentColor"/></svg>"#)
    static let artwork = CardArtwork(ranks: [.jack: .vector(art), .queen: .vector(art), .king: .vector(art)],
                                     joker: .vector(art), back: .vector(art))
    static let design = CardDesign(artwork: artwork)
    static let poker = try! CardLayout(width: 63, height: 88)

    /// Uses of the suit symbol at the top level: the pips (the index draws its own inside `i`).
    static func pipUses(_ drawing: Drawing) -> [AffineTransform] {
        drawing.items.compactMap { if case .use("p", let t) = $0 { t } else { nil } }
    }

    @Test("Every number card has as many pips as its rank, where the table puts them", arguments: PipLayout.allCases)
    func pipsMatchTheTable(layout pipLayout: PipLayout) throws {
        let layout = try CardLayout(width: 63, height: 88, pips: pipLayout)
        for suit in Suit.allCases {
            for rank in Rank.allCases where !rank.isCourt {
                let card = PlayingCard(rank, of: suit)
                let uses = Self.pipUses(Drawing(face: card, layout: layout, design: Self.design))
                #expect(uses.count == rank.rawValue, "\(card)")
                let expected = layout.pips(for: card)
                for (use, pip) in zip(uses, expected) {
                    // The symbol's origin lands on the pip centre, scaled to the pip size, turned as the table says.
                    #expect(abs(use.tx - pip.center.x) < 1e-9 && abs(use.ty - pip.center.y) < 1e-9)
                    #expect(abs(abs(use.d) - pip.size / SuitShape.height) < 1e-12)
                    #expect((use.d < 0) == pip.turned)
                }
            }
        }
    }

    @Test func standardLayoutTurnsOnlyPipsBelowTheMiddle() {
        for rank in Rank.allCases where !rank.isCourt {
            for pip in Self.poker.pips(for: PlayingCard(rank, of: .hearts)) {
                #expect(pip.turned == (pip.center.y > 44 + 1e-9))
            }
        }
        #expect(PipLayout.classic.positions(for: .nine).allSatisfy { !$0.turned })
    }

    @Test func indicesAreTheSameDrawingTurnedAndFourCornersAddTwo() throws {
        let card = PlayingCard(.seven, of: .clubs)
        let two = Drawing(face: card, layout: Self.poker, design: Self.design)
        let indexUses = two.items.compactMap { if case .use("i", let t) = $0 { t } else { nil } }
        #expect(indexUses == [.identity, Self.poker.oppositeIndexTransform])
        // The turned copy maps the card's top-left corner to its bottom-right.
        #expect(indexUses[1].apply(Point(x: 0, y: 0)) == Point(x: 63, y: 88))

        var four = Self.design
        four.corners = .four
        let drawing = Drawing(face: card, layout: Self.poker, design: four)
        let uses = drawing.items.compactMap { if case .use("i", let t) = $0 { t } else { nil } }
        #expect(uses.count == 4)
        // The top-right copy sits as far from the right edge as the top-left from the left.
        let box = Self.poker.indexBox
        let moved = uses[2].apply(box.center)
        #expect(abs((63 - moved.x) - box.center.x) < 1e-9 && moved.y == box.center.y)
    }

    @Test func courtCardsAreDoubleEndedInsideTheZoomedFrame() throws {
        for scale in [0.3, 0.75, 1.0] {
            let layout = try CardLayout(width: 63, height: 88, faceScale: scale)
            let drawing = Drawing(face: PlayingCard(.king, of: .spades), layout: layout, design: Self.design)
            let pairs = drawing.items.compactMap { item -> (Rect, Point)? in
                if case .doubleEnded(_, let half, let center) = item { (half, center) } else { nil }
            }
            #expect(pairs.count == 1)
            let frame = layout.courtFrame
            #expect(pairs[0].0 == Rect(x: frame.origin.x, y: frame.origin.y, width: frame.width, height: frame.height / 2))
            #expect(pairs[0].1 == Point(x: 31.5, y: 44))
            #expect(abs(frame.width - 63 * scale) < 1e-9 && abs(frame.height - 88 * scale) < 1e-9)
            // The art keeps its aspect ratio: equal x and y scales, fitted inside the frame.
            guard case .group(let content, let fit, nil)? = drawing.symbol("a")?.items.first else {
                Issue.record("the art symbol is not a placed group")
                return
            }
            #expect(fit.a == fit.d && fit.b == 0 && fit.c == 0)
            #expect(200 * fit.a <= frame.width + 1e-9 && 280 * fit.d <= frame.height + 1e-9)
            #expect(content.count == 1)
        }
    }

    @Test func suitSymbolsAreOneContourEach() {
        for suit in Suit.allCases {
            let path = SuitShape.path(for: suit)
            #expect(path.contourCount == 1, "\(suit)")
            // Points along the outline (curves sampled), not control points, make the ink.
            var ys: [Double] = [], xs: [Double] = []
            var last = Point(x: 0, y: 0)
            for element in path.elements {
                switch element {
                case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y); last = p
                case .curve(let c1, let c2, let p):
                    for step in 0...20 {
                        let t = Double(step) / 20, u = 1 - t
                        xs.append(u * u * u * last.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x)
                        ys.append(u * u * u * last.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y)
                    }
                    last = p
                case .close: break
                }
            }
            #expect(ys.max()! - ys.min()! > 97 && ys.min()! >= -50.01 && ys.max()! <= 50.01, "\(suit) is 100 units tall")
            #expect(xs.max()! - xs.min()! <= 100.01 && abs(xs.max()! + xs.min()!) < 0.01, "\(suit) is centred and no wider than tall")
        }
    }

    @Test func theIndexFontHasLettersAndDigitsAndLabelsLocalise() throws {
        #expect(IndexFont.characters.count == 40)
        #expect(IndexFont.label("10") != nil && IndexFont.label("é") == nil)
        #expect(IndexLetters.german.label(for: .jack) == "B" && IndexLetters.french.label(for: .king) == "R")
        #expect(IndexLetters.dutch.label(for: .queen) == "V")
        #expect(try IndexLetters(parsing: "J=B, Q=D").label(for: .queen) == "D")
        #expect(throws: IndexLettersError.notInFont(rank: .jack, character: "ß")) { try IndexLetters([.jack: "ß"]) }
        #expect(throws: IndexLettersError.badLength(rank: .king, label: "KÖN")) { try IndexLetters([.king: "KÖN"]) }
        #expect(throws: IndexLettersError.self) { try IndexLetters(parsing: "klingon") }
    }

    @Test func themesAndColours() throws {
        #expect(Theme.named("four-color")?.color(for: .diamonds) != Theme.classic.color(for: .diamonds))
        #expect(Theme.classic.color(for: .hearts) == Theme.classic.color(for: .diamonds))
        let purple = try Color(parsing: "#5b2a86")
        #expect(Theme.classic.withColor(purple, for: .clubs).color(for: .clubs) == purple)
        #expect(try Color(parsing: "#fff") == .white && (try Color(parsing: "gold")).red == 0xD9)
        #expect(try Color(parsing: "#11223380").alpha == 0x80)
        let error = #expect(throws: ColorError.self) { try Color(parsing: "#12345") }
        #expect(error?.description.contains("'#12345'") == true)
    }

    @Test func jokersAndBacks() {
        let joker = Drawing(face: .joker(.red), layout: Self.poker, design: Self.design)
        #expect(joker.title == "Red Joker" || joker.title.lowercased().contains("joker"))
        #expect(Self.pipUses(joker).isEmpty && joker.symbol("a") != nil)
        let back = Drawing(backWith: Self.poker, design: Self.design)
        #expect(back.title == "Card back")
        // The back shows its design clipped to the panel inside the margin.
        #expect(back.items.contains { if case .group(_, _, let clip?) = $0 { clip.controlBounds!.width < 63 } else { false } })
    }

    @Test func bleedGrowsTheCanvasAndSquaresTheCorners() {
        var design = Self.design
        design.bleed = 3
        let drawing = Drawing(face: PlayingCard(.two, of: .hearts), layout: Self.poker, design: design)
        #expect(drawing.width == 69 && drawing.height == 94)
        guard case .group(let items, let shift, nil) = drawing.items[0] else {
            Issue.record("content is not shifted by the bleed")
            return
        }
        #expect(shift == .translation(x: 3, y: 3))
        guard case .path(let background, _, nil) = items[0] else {
            Issue.record("no square background")
            return
        }
        #expect(background.axisAlignedRectangle == Rect(x: -3, y: -3, width: 69, height: 94))
    }
}
