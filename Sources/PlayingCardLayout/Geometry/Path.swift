#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An outline made of straight lines and cubic Bézier curves: what the backends fill or stroke.
///
/// Paths are built in their own units and placed with an ``AffineTransform``.
public struct Path: Sendable, Hashable {
    /// One step of a path.
    public enum Element: Sendable, Hashable {
        /// Starts a new contour at a point.
        case move(Point)
        /// A straight line to a point.
        case line(Point)
        /// A cubic Bézier curve through two control points to a point.
        case curve(Point, Point, Point)
        /// Closes the current contour.
        case close
    }

    /// The elements, in drawing order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A path from its elements.
    public init(_ elements: [Element]) { self.elements = elements }

    /// Starts a new contour.
    public mutating func move(to point: Point) { elements.append(.move(point)) }
    /// Adds a straight line.
    public mutating func line(to point: Point) { elements.append(.line(point)) }
    /// Adds a cubic Bézier curve.
    public mutating func curve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, point))
    }
    /// Closes the current contour.
    public mutating func close() { elements.append(.close) }

    /// Appends every element of `other`.
    public mutating func append(_ other: Path) { elements += other.elements }

    /// Adds a circular arc around `center` from angle `start` to `end` (radians, measured from
    /// the x axis towards y, which points down). Continues the current contour with a line to
    /// the arc's start, or starts one when the path is empty.
    public mutating func arc(center: Point, radius: Double, from start: Double, to end: Double) {
        let first = Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        switch elements.last {
        case nil, .close?: move(to: first)
        case .move(let p)?, .line(let p)?, .curve(_, _, let p)?:
            // Already there (to rounding): no zero-length line, which would only add bytes.
            if abs(p.x - first.x) > 1e-9 * max(1, radius) || abs(p.y - first.y) > 1e-9 * max(1, radius) { line(to: first) }
        }
        // Quarter turns or less per curve keep the cubic within 0.03 % of the circle.
        let pieces = max(1, Int((abs(end - start) / (.pi / 2)).rounded(.up)))
        let step = (end - start) / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        for i in 0..<pieces {
            let a0 = start + Double(i) * step, a1 = a0 + step
            let p0 = Point(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p1 = Point(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            curve(to: p1,
                  control1: Point(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                  control2: Point(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1)))
        }
    }

    /// A rectangle as one closed contour.
    public static func rectangle(_ rect: Rect) -> Path {
        let (x, y, w, h) = (rect.origin.x, rect.origin.y, rect.width, rect.height)
        return Path([.move(Point(x: x, y: y)), .line(Point(x: x + w, y: y)), .line(Point(x: x + w, y: y + h)),
                     .line(Point(x: x, y: y + h)), .close])
    }

    /// A rectangle with circular corners of `radius` as one closed contour.
    public static func roundedRectangle(_ rect: Rect, radius: Double) -> Path {
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else { return rectangle(rect) }
        let (x0, y0) = (rect.origin.x, rect.origin.y)
        let (x1, y1) = (x0 + rect.width, y0 + rect.height)
        var path = Path()
        path.arc(center: Point(x: x0 + r, y: y0 + r), radius: r, from: .pi, to: 1.5 * .pi)
        path.arc(center: Point(x: x1 - r, y: y0 + r), radius: r, from: 1.5 * .pi, to: 2 * .pi)
        path.arc(center: Point(x: x1 - r, y: y1 - r), radius: r, from: 0, to: 0.5 * .pi)
        path.arc(center: Point(x: x0 + r, y: y1 - r), radius: r, from: 0.5 * .pi, to: .pi)
        path.close()
        return path
    }

    /// An ellipse as one closed contour.
    public static func ellipse(center: Point, radiusX: Double, radiusY: Double) -> Path {
        var circle = Path()
        circle.arc(center: Point(x: 0, y: 0), radius: 1, from: 0, to: 2 * .pi)
        circle.close()
        return circle.applying(AffineTransform(a: radiusX, b: 0, c: 0, d: radiusY, tx: center.x, ty: center.y))
    }

    /// The path with every point moved by `transform`.
    public func applying(_ transform: AffineTransform) -> Path {
        Path(elements.map { element in
            switch element {
            case .move(let p): .move(transform.apply(p))
            case .line(let p): .line(transform.apply(p))
            case .curve(let c1, let c2, let p): .curve(transform.apply(c1), transform.apply(c2), transform.apply(p))
            case .close: .close
            }
        })
    }

    /// The smallest rectangle holding every point and control point, or `nil` for an empty path.
    public var controlBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .curve(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return minX.isFinite ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }

    /// The number of contours (sub-paths).
    public var contourCount: Int {
        elements.reduce(0) { count, element in if case .move = element { count + 1 } else { count } }
    }
}

extension Path {
    /// The rectangle this path outlines, if it is one closed axis-aligned rectangle.
    public var axisAlignedRectangle: Rect? {
        guard elements.count == 5, case .move(let a) = elements[0], case .line(let b) = elements[1],
              case .line(let c) = elements[2], case .line(let d) = elements[3], elements[4] == .close else { return nil }
        let horizontalFirst = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
        let verticalFirst = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
        guard horizontalFirst || verticalFirst else { return nil }
        return Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
    }
}
