import Foundation
import PlayingCardLayout
import PlayingCards
import PropertyBased
import Testing

/// Scene geometry: layouts, fit and zoom, coordinate conversions, hit-testing, sheets and print.
@Suite("Scenes, sheets and print layout")
struct SceneTests {
    static let size = (width: 63.0, height: 88.0)
    static let five = try! [PlayingCard](parsing: "AS KD 10H 9C 2S")

    /// The angle a placement turns a card by, in radians.
    static func angle(_ placement: Scene.Placement) -> Double { atan2(placement.transform.b, placement.transform.a) }

    @Test func fanTurnsCardsEvenlyAboutAPivotBelowTheHand() {
        let fan = Scene.fan(Self.five, cardSize: Self.size, spread: 10 * .pi / 180)
        let angles = fan.placements.map(Self.angle).map { ($0 * 180 / .pi * 1e6).rounded() / 1e6 }
        #expect(angles == [-20, -10, 0, 10, 20])
        // Every card's bottom-centre is the same distance from the common pivot, which is below the hand.
        let pivot = Point(x: 31.5, y: 44 + 1.5 * 88)
        let distances = fan.placements.map { placement -> Double in
            let p = placement.transform.apply(Point(x: 31.5, y: 44))
            return ((p.x - pivot.x) * (p.x - pivot.x) + (p.y - pivot.y) * (p.y - pivot.y)).squareRoot()
        }
        #expect(distances.allSatisfy { abs($0 - 132) < 1e-9 })
        #expect(fan.bounds!.origin.y + fan.bounds!.height < pivot.y)
        // The outer cards tilt away from the middle: the left one's top is left of its bottom.
        let left = fan.placements[0].transform
        #expect(left.apply(Point(x: 0, y: 0)).x < left.apply(Point(x: 0, y: 88)).x)
    }

    @Test func rowStackAndGridSpacing() {
        let row = Scene.row(Self.five, cardSize: Self.size, overlap: 0.5)
        #expect(row.placements.map { $0.transform.tx } == [0, 31.5, 63, 94.5, 126])
        #expect(row.bounds == Rect(x: 0, y: 0, width: 189, height: 88))
        let stack = Scene.stack(Self.five, cardSize: Self.size)
        #expect(abs(stack.placements[4].transform.ty - 1.6) < 1e-9)
        let grid = Scene.grid(Self.five + [PlayingCard(.three, of: .hearts)], cardSize: Self.size)
        #expect(grid.placements.map { $0.transform.ty } == [0, 0, 0, 94.3, 94.3, 94.3].map { $0 })
    }

    @Test func tablePutsTheDealerAboveThePlayers() {
        let groups = [Scene.Group(name: "dealer", cards: Array(Self.five.prefix(2)), faceDown: 1),
                      Scene.Group(name: "p1", cards: [PlayingCard(.two, of: .hearts), PlayingCard(.three, of: .hearts)]),
                      Scene.Group(name: "p2", cards: [PlayingCard(.four, of: .hearts)])]
        let (scene, ranges) = Scene.table(groups, cardSize: Self.size)
        #expect(ranges == [0..<2, 2..<4, 4..<5])
        #expect(scene.placements.map(\.faceUp) == [false, true, true, true, true])
        let dealerBottom = scene.corners(of: 0)[2].y
        #expect(ranges[1].allSatisfy { scene.corners(of: $0)[0].y > dealerBottom })
        // Players sit side by side without overlapping.
        #expect(scene.corners(of: 3)[1].x < scene.corners(of: 4)[0].x)
    }

    @Test func fitZoomIsTheSmallerOfTheTwoAndCentres() {
        let row = Scene.row(Self.five, cardSize: Self.size)   // 189 × 88 mm
        let view = SceneView(scene: row, canvasWidth: 1200, canvasHeight: 800, margin: 20)
        #expect(abs(view.zoom - min(1160 / 189, 760 / 88)) < 1e-12)
        let centre = view.canvasPoint(fromScene: Point(x: 94.5, y: 44))
        #expect(abs(centre.x - 600) < 1e-9 && abs(centre.y - 400) < 1e-9)
        // Tall canvas: the width limits.
        let tall = SceneView(scene: row, canvasWidth: 400, canvasHeight: 2000, margin: 0)
        #expect(abs(tall.zoom - 400 / 189) < 1e-12)
        // An explicit zoom is clamped to the documented range; pan moves the scene.
        #expect(SceneView(scene: row, canvasWidth: 100, canvasHeight: 100, zoom: 1e6).zoom == SceneView.zoomRange.upperBound)
        #expect(SceneView(scene: row, canvasWidth: 100, canvasHeight: 100, zoom: 0).zoom == SceneView.zoomRange.lowerBound)
        let panned = SceneView(scene: row, canvasWidth: 1200, canvasHeight: 800, zoom: 3, pan: Point(x: 10, y: -5))
        #expect(panned.canvasPoint(fromScene: Point(x: 94.5, y: 44)) == Point(x: 610, y: 395))
    }

    @Test func canvasAndSceneCoordinatesRoundTrip() async {
        let fan = Scene.fan(Self.five, cardSize: Self.size)
        await propertyCheck(count: 200, input: Gen.int(in: -5000...5000), Gen.int(in: -5000...5000), Gen.int(in: 1...400)) { x, y, zoom in
            let view = SceneView(scene: fan, canvasWidth: 1200, canvasHeight: 800, zoom: Double(zoom) / 10, pan: Point(x: Double(x) / 7, y: Double(y) / 3))
            let point = Point(x: Double(x) / 10, y: Double(y) / 10)
            let back = view.scenePoint(fromCanvas: view.canvasPoint(fromScene: point))
            #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9)
        }
    }

    @Test func hitTestingFindsTheTopmostCardUnderAPoint() throws {
        let row = Scene.row(Self.five, cardSize: Self.size, overlap: 0.5)
        let view = SceneView(scene: row, canvasWidth: 1200, canvasHeight: 800)
        // Where cards 1 and 2 overlap, the later (upper) one wins.
        #expect(view.cardIndex(atCanvas: view.canvasPoint(fromScene: Point(x: 70, y: 40)), in: row) == 2)
        #expect(view.cardIndex(atCanvas: view.canvasPoint(fromScene: Point(x: 10, y: 40)), in: row) == 0)
        #expect(view.cardIndex(atCanvas: Point(x: 1, y: 1), in: row) == nil)
        // In a fan, the centre of each card's visible corner hits that card.
        let fan = Scene.fan(Self.five, cardSize: Self.size)
        for i in fan.placements.indices {
            let corner = fan.placements[i].transform.apply(Point(x: 5, y: 10))
            #expect(fan.cardIndex(at: corner) == i)
        }
        let corners = view.canvasCorners(of: 0, in: row)
        #expect(corners.count == 4 && corners[0] == view.canvasPoint(fromScene: Point(x: 0, y: 0)))
        #expect(try #require(AffineTransform.rotation(0.3).inverted()).concatenating(.rotation(0.3)).apply(Point(x: 2, y: 3)).x - 2 < 1e-12)
    }

    @Test func spriteSheetCellsTileWithoutOverlap() {
        let sheet = SpriteSheetLayout(count: 53, cellWidth: 250, cellHeight: 349, columns: 13, padding: 2)
        #expect(sheet.rows == 5 && sheet.width == 13 * 250 + 12 * 2 && sheet.height == 5 * 349 + 4 * 2)
        #expect(sheet.frame(of: 14) == (252, 351, 250, 349))
        #expect(sheet.frame(of: 52).x == 0 && sheet.frame(of: 52).y == 4 * 351)
    }

    @Test func printFitsThreeByThreePokerCardsOnA4AndLetter() throws {
        for paper in [PrintLayout.Paper.a4, .letter] {
            let layout = try #require(PrintLayout(paper: paper, cardWidth: 63, cardHeight: 88))
            #expect(layout.columns == 3 && layout.rows == 3, "\(paper.name)")
            #expect(layout.pageCount(for: 52) == 6)
            // The grid is centred.
            let origin = layout.gridOrigin
            #expect(abs(origin.x - (paper.width - 189) / 2) < 1e-9 && abs(origin.y - (paper.height - 264) / 2) < 1e-9)
        }
        // With 3 mm bleed A4 still takes 3 × 3; Letter's height takes only 2 rows.
        #expect(PrintLayout(paper: .a4, cardWidth: 63, cardHeight: 88, bleed: 3)?.perPage == 9)
        #expect(PrintLayout(paper: .letter, cardWidth: 63, cardHeight: 88, bleed: 3)?.perPage == 6)
        #expect(PrintLayout(paper: .a4, cardWidth: 300, cardHeight: 88) == nil)
    }

    @Test func cropMarksStayOutsideEveryCardAndBacksMirror() throws {
        let layout = try #require(PrintLayout(paper: .a4, cardWidth: 63, cardHeight: 88, bleed: 3))
        let cells = (0..<layout.perPage).map { slot -> Rect in
            let o = layout.cellOrigin(of: slot)
            return Rect(x: o.x, y: o.y, width: layout.cellWidth, height: layout.cellHeight)
        }
        let marks = layout.cropMarks
        #expect(marks.count == (3 * 2 * 2) + (3 * 2 * 2))
        for mark in marks {
            for point in [mark.from, mark.to] {
                #expect(!cells.contains { point.x > $0.origin.x && point.x < $0.origin.x + $0.width && point.y > $0.origin.y && point.y < $0.origin.y + $0.height })
            }
            // In line with a cut line: x or y equals some card's cut edge.
            let vertical = mark.from.x == mark.to.x
            let position = vertical ? mark.from.x : mark.from.y
            let cuts = cells.flatMap { vertical ? [$0.origin.x + 3, $0.origin.x + 66] : [$0.origin.y + 3, $0.origin.y + 91] }
            #expect(cuts.contains { abs($0 - position) < 1e-9 })
        }
        // Duplex: the back of slot 0 (top left) sits top right on the back page.
        #expect(layout.cellOrigin(of: 0, mirrored: true) == layout.cellOrigin(of: 2))
        #expect(layout.cellOrigin(of: 4, mirrored: true) == layout.cellOrigin(of: 4))
    }
}
