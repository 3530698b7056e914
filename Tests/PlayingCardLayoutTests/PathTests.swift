import PlayingCardLayout
import PropertyBased
import Testing

@Suite("Paths")
struct PathTests {
    @Test func readsEverySupportedCommand() throws {
        let path = try Path(svgData: "M10 20 l5 0 H30 v10 h-5 V20 C1 2 3 4 5 6 s7 8 9 10 Q1 1 2 2 t3 3 z m1-2.5e1")
        #expect(path.contourCount == 2)
        #expect(path.elements.first == .move(Point(x: 10, y: 20)))
        #expect(path.elements[1] == .line(Point(x: 15, y: 20)))
        #expect(path.elements.last == .move(Point(x: 11, y: -5)))
    }

    @Test func refusesWhatItCannotRead() {
        let arc = #expect(throws: Path.DataError.self) { try Path(svgData: "M0 0A5 5 0 0 1 10 10") }
        #expect(arc?.description.contains("'A'") == true)
        #expect(throws: Path.DataError.self) { try Path(svgData: "10 10") }
        #expect(throws: Path.DataError.self) { try Path(svgData: "M0 0L5") }
        #expect(throws: Path.DataError.self) { try Path(svgData: "M0 0L5 x") }
    }

    @Test func roundedRectanglesAndArcsStayOnTheCircle() throws {
        let rect = Path.roundedRectangle(Rect(x: 0, y: 0, width: 10, height: 20), radius: 2)
        #expect(rect.contourCount == 1)
        let bounds = try #require(rect.controlBounds)
        #expect(abs(bounds.origin.x) < 1e-12 && abs(bounds.origin.y) < 1e-12 && bounds.width == 10 && bounds.height == 20)
        var circle = Path()
        circle.arc(center: Point(x: 0, y: 0), radius: 10, from: 0, to: 2 * .pi)
        // Every curve's end point is on the circle.
        for case .curve(_, _, let p) in circle.elements {
            #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 10) < 1e-9)
        }
    }

    @Test func numbersRoundTripThroughPathData() async {
        await propertyCheck(count: 300, input: Gen.int(in: -1_000_000...1_000_000).array(of: 2...12)) { values in
            // Hundredths, as the SVG writer writes them.
            let numbers = values.map { Double($0) / 100 }
            let text = "M" + numbers.map { "\($0)" }.joined(separator: " ") + (numbers.count % 2 == 1 ? " 0" : "")
            let path = try Path(svgData: text)
            var read: [Double] = []
            for element in path.elements {
                switch element {
                case .move(let p), .line(let p): read += [p.x, p.y]
                default: break
                }
            }
            #expect(zip(read, numbers).allSatisfy { abs($0 - $1) < 1e-9 })
        }
    }
}
