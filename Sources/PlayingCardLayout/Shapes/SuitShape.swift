public import PlayingCards

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The suit symbols as vector outlines, drawn by the project so that no font is involved.
///
/// Each symbol is a single closed contour (no seams where sub-paths would meet), 100 units tall,
/// centred on the origin, with y pointing down.
public enum SuitShape {
    /// The height every symbol is drawn at, in its own units.
    public static let height = 100.0

    /// The outline of `suit`'s symbol.
    public static func path(for suit: Suit) -> Path {
        switch suit {
        case .spades: spade
        case .hearts: heart
        case .diamonds: diamond
        case .clubs: club
        }
    }

    /// Two rounded lobes meeting in a cleft, tapering to a point.
    static let heart = try! Path(svgData: """
        M0 50C-16 33-50 12-50-20C-50-39-37-50-24-50C-12-50-4-43 0-31C4-43 12-50 24-50\
        C37-50 50-39 50-20C50 12 16 33 0 50Z
        """)

    /// A rhombus with slightly hollow sides.
    static let diamond = try! Path(svgData: "M0-50C10-33 22-17 38 0C22 17 10 33 0 50C-10 33-22 17-38 0C-22-17-10-33 0-50Z")

    /// A heart turned over, on a flared stem.
    static let spade = try! Path(svgData: """
        M0-50C8-34 48-16 48 9C48 27 32 35 18 29C12 26 8 22 5 17C6 31 11 43 22 50L-22 50\
        C-11 43-6 31-5 17C-8 22-12 26-18 29C-32 35-48 27-48 9C-48-16-8-34 0-50Z
        """)

    /// Three circular leaves and a flared stem, traced as one outline.
    static let club: Path = {
        let top = Point(x: 0, y: -24), left = Point(x: -25.5, y: 11), right = Point(x: 25.5, y: 11)
        let r = 24.0, topR = 25.5
        // Where the leaves meet, on the outside of the symbol.
        func angle(_ p: Point, around c: Point) -> Double { atan2(p.y - c.y, p.x - c.x) }
        let rightJoin = outerIntersection(top, topR, right, r)
        let leftJoin = outerIntersection(top, topR, left, r)
        var path = Path()
        let stemTop = 0.62 * .pi   // where the stem leaves the right leaf
        path.move(to: Point(x: 22, y: 50))
        path.curve(to: Point(x: right.x + r * cos(stemTop), y: right.y + r * sin(stemTop)),
                   control1: Point(x: 9, y: 44), control2: Point(x: 5, y: 33))
        path.arc(center: right, radius: r, from: stemTop, to: angle(rightJoin, around: right))
        path.arc(center: top, radius: topR, from: angle(rightJoin, around: top), to: angle(leftJoin, around: top) - 2 * .pi)
        path.arc(center: left, radius: r, from: angle(leftJoin, around: left), to: .pi - stemTop - 2 * .pi)
        path.curve(to: Point(x: -22, y: 50), control1: Point(x: -5, y: 33), control2: Point(x: -9, y: 44))
        path.close()
        return path
    }()

    /// The intersection of two circles farther from the symbol's centre line.
    private static func outerIntersection(_ c1: Point, _ r1: Double, _ c2: Point, _ r2: Double) -> Point {
        let dx = c2.x - c1.x, dy = c2.y - c1.y
        let d = (dx * dx + dy * dy).squareRoot()
        let a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
        let h = (r1 * r1 - a * a).squareRoot()
        let mx = c1.x + a * dx / d, my = c1.y + a * dy / d
        let p = Point(x: mx + h * dy / d, y: my - h * dx / d)
        let q = Point(x: mx - h * dy / d, y: my + h * dx / d)
        return abs(p.x) > abs(q.x) || (abs(p.x) == abs(q.x) && p.y < q.y) ? p : q
    }
}
