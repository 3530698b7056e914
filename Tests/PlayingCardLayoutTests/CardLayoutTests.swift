import PlayingCardLayout
import PlayingCards
import Testing

@Suite("Card layout")
struct CardLayoutTests {
    static let poker = try! CardLayout(width: 63, height: 88)

    @Test("Every number card has as many pips as its value, in both layouts", arguments: PipLayout.allCases)
    func pipCounts(layout: PipLayout) throws {
        let cards = try CardLayout(width: 63, height: 88, pips: layout)
        for rank in Rank.allCases {
            let pips = cards.pips(for: PlayingCard(rank, of: .spades))
            #expect(pips.count == (rank.isCourt ? 0 : rank.rawValue), "\(rank)")
        }
        #expect(cards.pips(for: .joker(.red)).isEmpty)
    }

    static func positions(_ rank: Rank, _ layout: PipLayout = .standard) -> Set<String> {
        Set(layout.positions(for: rank).map { "\(($0.x * 6).rounded() / 6),\(($0.y * 12).rounded() / 12)\($0.turned ? "v" : "")" })
    }

    static func spot(_ x: Double, _ y: Double, turned: Bool = false) -> String {
        "\((x * 6).rounded() / 6),\((y * 12).rounded() / 12)\(turned ? "v" : "")"
    }

    @Test("The standard layout follows real cards (DESIGN §3)")
    func standardTable() {
        let s = Self.spot
        #expect(Self.positions(.ace) == [s(0.5, 0.5, false)])
        #expect(Self.positions(.two) == [s(0.5, 0, false), s(0.5, 1, true)])
        #expect(Self.positions(.three) == [s(0.5, 0, false), s(0.5, 1, true), s(0.5, 0.5, false)])
        let four: Set = [s(0, 0, false), s(1, 0, false), s(0, 1, true), s(1, 1, true)]
        #expect(Self.positions(.four) == four)
        #expect(Self.positions(.five) == four.union([s(0.5, 0.5, false)]))
        let six = four.union([s(0, 0.5, false), s(1, 0.5, false)])
        #expect(Self.positions(.six) == six)
        #expect(Self.positions(.seven) == six.union([s(0.5, 0.25, false)]))
        #expect(Self.positions(.eight) == six.union([s(0.5, 0.25, false), s(0.5, 0.75, true)]))
        let sides: Set = [0.0, 1.0].reduce(into: Set<String>()) { set, x in
            set.formUnion([s(x, 0, false), s(x, 1.0 / 3, false), s(x, 2.0 / 3, true), s(x, 1, true)])
        }
        #expect(Self.positions(.nine) == sides.union([s(0.5, 0.5, false)]))
        #expect(Self.positions(.ten) == sides.union([s(0.5, 1.0 / 6, false), s(0.5, 5.0 / 6, true)]))
    }

    @Test("Standard pips below the centre line are turned; the rest are upright", arguments: Rank.allCases.filter { !$0.isCourt })
    func turnedBelowCentre(rank: Rank) {
        for pip in PipLayout.standard.positions(for: rank) {
            #expect(pip.turned == (pip.y > 0.5))
        }
    }

    @Test("Every standard rank but the seven is symmetric under a half turn")
    func halfTurnSymmetry() {
        for rank in Rank.allCases where !rank.isCourt && rank != .seven {
            let pips = PipLayout.standard.positions(for: rank)
            let turned = Set(pips.map { Self.spot(1 - $0.x, 1 - $0.y) })
            #expect(turned == Set(pips.map { Self.spot($0.x, $0.y) }), "\(rank)")
        }
    }

    @Test("The classic layout is the original row table, every pip upright")
    func classicTable() {
        let table = [[0], [1], [1, 1], [1, 1, 1], [2, 2], [2, 1, 2], [2, 2, 2], [2, 1, 2, 2], [2, 2, 2, 2], [2, 2, 1, 2, 2], [2, 2, 2, 2, 2]]
        for rank in Rank.allCases where !rank.isCourt {
            let pips = PipLayout.classic.positions(for: rank)
            #expect(pips.allSatisfy { !$0.turned })
            let rows = Dictionary(grouping: pips, by: { $0.y }).sorted { $0.key < $1.key }.map(\.value.count)
            #expect(rows == table[rank.rawValue], "\(rank)")
            // Rows sit in the middles of equal bands.
            let ys = Set(pips.map(\.y)).sorted()
            let n = Double(table[rank.rawValue].count)
            #expect(ys.enumerated().allSatisfy { abs($0.element - (Double($0.offset) + 0.5) / n) < 1e-12 })
        }
    }

    @Test func anatomyFollowsTheOriginalRatios() {
        let card = Self.poker
        #expect(abs(card.cornerRadius - 5.28) < 1e-9)
        #expect(abs(card.indexOffset - 0.33 * 5.28) < 1e-9)
        #expect(abs(card.indexFontSize - 7.48) < 1e-9)
        #expect(card.indexBox.origin == Point(x: card.indexOffset, y: card.indexOffset))
        #expect(card.courtFrame == Rect(x: 63 * 0.125, y: 88 * 0.125, width: 63 * 0.75, height: 88 * 0.75))
    }

    @Test("The bottom-right index is the top-left one turned 180° about the card's centre")
    func oppositeIndex() {
        let card = Self.poker
        let t = card.oppositeIndexTransform
        #expect(t.apply(Point(x: 0, y: 0)) == Point(x: 63, y: 88))
        let box = card.indexBox
        let far = t.apply(Point(x: box.origin.x + box.width, y: box.origin.y + box.height))
        #expect(abs(far.x - (63 - box.origin.x - box.width)) < 1e-9 && abs(far.y - (88 - box.origin.y - box.height)) < 1e-9)
        #expect(t.apply(Point(x: 31.5, y: 44)) == Point(x: 31.5, y: 44))
    }

    @Test func pipsLandInTheRealDeckArea() {
        let card = Self.poker
        let ten = card.pips(for: PlayingCard(.ten, of: .hearts))
        let xs = Set(ten.map { ($0.center.x * 1000).rounded() / 1000 })
        #expect(xs == [17.64, 31.5, 45.36])   // 0.28, 0.5 and 0.72 of 63
        #expect(ten.map(\.center.y).min()! == 17.6 && abs(ten.map(\.center.y).max()! - 70.4) < 1e-9)  // 0.20, 0.80 of 88
        #expect(card.pips(for: PlayingCard(.ace, of: .spades))[0].size == 0.14 * 88 * 2)
        #expect(card.pips(for: PlayingCard(.king, of: .spades)).isEmpty)
    }

    @Test func badSizesAndScalesAreRefused() {
        #expect(throws: CardLayoutError.invalidSize(width: 0, height: 88)) { try CardLayout(width: 0, height: 88) }
        #expect(throws: CardLayoutError.invalidSize(width: 63, height: -1)) { try CardLayout(width: 63, height: -1) }
        #expect(throws: CardLayoutError.self) { try CardLayout(width: .infinity, height: 88) }
        #expect(throws: CardLayoutError.self) { try CardLayout(width: .nan, height: 88) }
        #expect(throws: CardLayoutError.faceScaleOutOfRange(0.2)) { try CardLayout(width: 63, height: 88, faceScale: 0.2) }
        #expect(throws: CardLayoutError.faceScaleOutOfRange(1.5)) { try CardLayout(width: 63, height: 88, faceScale: 1.5) }
        #expect(CardLayoutError.faceScaleOutOfRange(1.5).description == "face-card scale 1.5 is outside 0.3–1.0")
        #expect((try? CardLayout(width: 63, height: 88, faceScale: 0.3)) != nil && (try? CardLayout(width: 63, height: 88, faceScale: 1)) != nil)
    }
}
