internal import CPlayingCardsCairo
import PlayingCardLayout
import Synchronization

/// A shape drawn once as an alpha mask, at one size, turn and position within a pixel, and then
/// painted in its colour wherever the shape recurs at that size, turn and position within a
/// pixel: the same pip in many cards of a deck, the same index in many renders.
///
/// The mask holds exactly the coverage Cairo computes when it fills the shape in place (the path
/// reaches the same fixed-point coordinates, only shifted by whole pixels), so painting it gives
/// the pixels filling would, to a level of rounding.
final class Stamp: @unchecked Sendable {
    // Unchecked: the mask is written once, in `init`, and only read after that.

    /// Coverage, one byte a pixel, `stride` bytes a row.
    let memory: PixelMemory
    let width: Int
    let height: Int
    let stride: Int
    /// The mask's top-left pixel, from the whole pixel at or left of and above the shape's origin.
    let offsetX: Int
    let offsetY: Int

    /// Draws `items` (one colour; uses already resolved) under `matrix` moved by whole pixels so
    /// that its origin falls inside pixel (0, 0); `box` is the pixels it covers there.
    init(items: [Drawing.Item], matrix: cairo_matrix_t, box: PixelBox) throws(RenderError) {
        width = box.x1 - box.x0
        height = box.y1 - box.y0
        offsetX = box.x0
        offsetY = box.y0
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        memory = PixelMemory(count: stride * height)
        let surface = try CairoSurface(
            taking: cairo_image_surface_create_for_data(memory.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8,
                                                        Int32(width), Int32(height), Int32(stride)),
            what: "a \(width) × \(height) mask")
        let context = try CairoContext(surface: surface)
        var shifted = matrix
        shifted.x0 -= Double(box.x0)
        shifted.y0 -= Double(box.y0)
        cairo_set_matrix(context.pointer, &shifted)
        context.setDrawingDefaults()
        try context.draw(items, symbols: [:])
        try context.check("drawing a mask")
        cairo_surface_flush(surface.pointer)
    }

    /// A Cairo surface reading the mask, for one paint.
    func surface() throws(RenderError) -> CairoSurface {
        try CairoSurface(
            taking: cairo_image_surface_create_for_data(memory.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8,
                                                        Int32(width), Int32(height), Int32(stride)),
            what: "a \(width) × \(height) mask")
    }
}

/// The stamps a renderer has drawn, shared by every card it renders, on any thread.
///
/// Keyed by the shape (its items, with every symbol it uses written out) and the matrix that
/// places it, less whole pixels. Bounded: past ``limit`` stamps it starts again.
final class StampCache: Sendable {
    /// What identifies a stamp.
    struct Key: Hashable, Sendable {
        var items: [Drawing.Item]
        /// `items`' hash, computed once per drawing rather than at every look-up.
        var itemsHash: Int
        var xx, yx, xy, yy, fractionX, fractionY: Double

        static func == (a: Key, b: Key) -> Bool {
            a.itemsHash == b.itemsHash && a.xx == b.xx && a.yx == b.yx && a.xy == b.xy && a.yy == b.yy
                && a.fractionX == b.fractionX && a.fractionY == b.fractionY && a.items == b.items
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(itemsHash)
            hasher.combine(xx); hasher.combine(yx); hasher.combine(xy); hasher.combine(yy)
            hasher.combine(fractionX); hasher.combine(fractionY)
        }
    }

    /// The most stamps kept (a deck at one size needs a few hundred).
    let limit: Int
    private let stamps = Mutex<[Key: Stamp]>([:])

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The stamp of `items` under `matrix`, drawn now if it is new, and the whole pixel its
    /// offsets count from.
    func stamp(_ items: [Drawing.Item], itemsHash: Int, matrix: cairo_matrix_t) throws(RenderError) -> (Stamp, x: Int, y: Int)? {
        let wholeX = matrix.x0.rounded(.down), wholeY = matrix.y0.rounded(.down)
        guard abs(wholeX) < 1e6, abs(wholeY) < 1e6 else { return nil }
        let key = Key(items: items, itemsHash: itemsHash, xx: matrix.xx, yx: matrix.yx, xy: matrix.xy, yy: matrix.yy,
                      fractionX: matrix.x0 - wholeX, fractionY: matrix.y0 - wholeY)
        if let known = stamps.withLock({ $0[key] }) { return (known, Int(wholeX), Int(wholeY)) }
        var local = matrix
        local.x0 = key.fractionX
        local.y0 = key.fractionY
        guard let box = DeviceMatrix(matrix: local).bounds(of: items, symbols: [:]), !box.isEmpty else { return nil }
        let stamp = try Stamp(items: items, matrix: local, box: box)
        let kept = stamps.withLock { table in
            if let raced = table[key] { return raced }
            if table.count >= limit { table.removeAll() }
            table[key] = stamp
            return stamp
        }
        return (kept, Int(wholeX), Int(wholeY))
    }
}
