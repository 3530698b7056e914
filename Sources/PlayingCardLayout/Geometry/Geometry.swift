#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in card units (whatever unit the card's width and height are given in); y grows down.
public struct Point: Sendable, Hashable {
    /// Distance from the card's left edge.
    public var x: Double
    /// Distance from the card's top edge.
    public var y: Double

    /// A point at `(x, y)`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in card units.
public struct Rect: Sendable, Hashable {
    /// The top-left corner.
    public var origin: Point
    /// Width, 0 or more.
    public var width: Double
    /// Height, 0 or more.
    public var height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        self.width = width
        self.height = height
    }

    /// The centre point.
    public var center: Point { Point(x: origin.x + width / 2, y: origin.y + height / 2) }

    /// The rectangle shrunk by `amount` on every side (grown when negative).
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: origin.x + amount, y: origin.y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The rectangle scaled by `factor` about its centre.
    public func scaled(by factor: Double) -> Rect {
        let c = center
        return Rect(x: c.x - width * factor / 2, y: c.y - height * factor / 2, width: width * factor, height: height * factor)
    }
}

/// An affine transform `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (Cairo's and SVG's convention).
public struct AffineTransform: Sendable, Hashable {
    /// The matrix entries.
    public var a, b, c, d, tx, ty: Double

    /// A transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation.
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scaling by `x` horizontally and `y` vertically.
    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians, clockwise on screen (y down). Half turns are exact.
    public static func rotation(_ angle: Double) -> AffineTransform {
        if angle == .pi { return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0) }
        return AffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    /// `self` applied first, then `next`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// Where the transform takes `point`.
    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}
