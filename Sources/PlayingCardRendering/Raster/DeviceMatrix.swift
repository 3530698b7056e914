internal import CPlayingCardsCairo
import PlayingCardLayout

/// Cairo's matrix from drawing units to pixels, composed exactly as a Cairo context composes it,
/// so that shapes placed from it land on the same pixels as shapes drawn through the context.
struct DeviceMatrix {
    var matrix: cairo_matrix_t

    /// A matrix as it is.
    init(matrix: cairo_matrix_t) {
        self.matrix = matrix
    }

    /// The scale a drawing starts with (`cairo_scale` on a new context).
    init(scaleX: Double, scaleY: Double) {
        var identity = cairo_matrix_t(), scale = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        cairo_matrix_init_scale(&scale, scaleX, scaleY)
        matrix = cairo_matrix_t()
        cairo_matrix_multiply(&matrix, &scale, &identity)
    }

    /// The matrix after `cairo_transform` with `t` (identity transforms are skipped, as
    /// ``CairoContext/apply(_:)`` skips them).
    func then(_ t: AffineTransform) -> DeviceMatrix {
        guard t != .identity else { return self }
        var next = self
        var step = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        var current = matrix
        cairo_matrix_multiply(&next.matrix, &step, &current)
        return next
    }

    /// A point in pixels.
    func apply(_ p: Point) -> (x: Double, y: Double) {
        var x = p.x, y = p.y
        var m = matrix
        cairo_matrix_transform_point(&m, &x, &y)
        return (x, y)
    }

    /// How much the matrix stretches a length at most (for stroke widths).
    var largestScale: Double {
        max((matrix.xx * matrix.xx + matrix.yx * matrix.yx).squareRoot(), (matrix.xy * matrix.xy + matrix.yy * matrix.yy).squareRoot())
    }
}

/// A rectangle of pixels, edges at whole pixels; `x1` and `y1` are past the last pixel.
struct PixelBox: Equatable {
    var x0, y0, x1, y1: Int

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The smallest box holding a rectangle in pixels, and `margin` pixels more on every side.
    init(minX: Double, minY: Double, maxX: Double, maxY: Double, margin: Int) {
        func clamp(_ v: Double) -> Int { Int(max(-1e6, min(1e6, v))) }
        x0 = clamp(minX.rounded(.down)) - margin
        y0 = clamp(minY.rounded(.down)) - margin
        x1 = clamp(maxX.rounded(.up)) + margin
        y1 = clamp(maxY.rounded(.up)) + margin
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    func union(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }
}

extension DeviceMatrix {
    /// The pixels `items` may touch, antialiasing included; `nil` when that is not known (an item
    /// that draws everywhere).
    func bounds(of items: [Drawing.Item], symbols: [String: [Drawing.Item]]) -> PixelBox? {
        var box: PixelBox? = nil
        for item in items {
            guard let one = bounds(of: item, symbols: symbols) else { return nil }
            box = box.map { $0.union(one) } ?? one
        }
        return box ?? PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    }

    func bounds(of item: Drawing.Item, symbols: [String: [Drawing.Item]]) -> PixelBox? {
        switch item {
        case .path(let path, _, let stroke):
            guard let rect = path.controlBounds else { return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0) }
            return bounds(of: rect, outset: (stroke?.width ?? 0) / 2)
        case .roundedRectangle(let rect, _, _, let stroke):
            return bounds(of: rect, outset: (stroke?.width ?? 0) / 2)
        case .use(let id, let transform):
            return then(transform).bounds(of: symbols[id] ?? [], symbols: symbols)
        case .group(let content, let transform, let clip):
            let inner = then(transform)
            let drawn = inner.bounds(of: content, symbols: symbols)
            guard let clip, let clipRect = clip.controlBounds else { return drawn }
            let clipped = inner.bounds(of: clipRect, outset: 0)
            return drawn.map { $0.intersection(clipped) } ?? clipped
        case .image(_, let frame):
            return bounds(of: frame, outset: 0)
        case .doubleEnded(_, let half, let center):
            return bounds(of: half, outset: 0).union(then(.rotation(.pi, about: center)).bounds(of: half, outset: 0))
        }
    }

    /// The pixels a rectangle in drawing units covers, grown by `outset` drawing units and a
    /// pixel more for antialiasing.
    func bounds(of rect: Rect, outset: Double) -> PixelBox {
        let corners = [Point(x: rect.origin.x, y: rect.origin.y), Point(x: rect.origin.x + rect.width, y: rect.origin.y),
                       Point(x: rect.origin.x, y: rect.origin.y + rect.height), Point(x: rect.origin.x + rect.width, y: rect.origin.y + rect.height)]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in corners {
            let p = apply(corner)
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let grow = outset * largestScale
        return PixelBox(minX: minX - grow, minY: minY - grow, maxX: maxX + grow, maxY: maxY + grow, margin: 2)
    }
}
