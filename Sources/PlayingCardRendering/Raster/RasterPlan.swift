internal import CPlayingCardsCairo
import PlayingCardLayout

/// A drawing made ready to draw in bands of rows: its items in pixel space, in drawing order,
/// each one either drawn by Cairo where it reaches, a ``Stamp`` painted at a whole-pixel offset,
/// or a picture drawn once (the top half of a double-ended court card) and painted upright and
/// turned.
///
/// Drawing a band draws only what reaches it, so a card can be drawn and encoded a band at a
/// time in a buffer that stays in the processor's cache, and never needs memory for the whole
/// image.
struct RasterPlan {
    /// One step, in drawing order.
    enum Layer {
        /// An item Cairo draws under `chain` (after the drawing's scale), in the rows of `box`.
        case direct(Drawing.Item, chain: [AffineTransform], box: PixelBox?)
        /// A stamp painted in `color` with its pixel (0, 0) at (`x`, `y`) plus its offsets.
        case stamp(Stamp, x: Int, y: Int, color: Color, box: PixelBox)
        /// Pixels painted over the picture so far, inside `clip`: upright, or turned 180° about
        /// the point whose doubled coordinates `turnedAbout` gives.
        case picture(RasterPicture, turnedAbout: (x2: Int, y2: Int)?, clip: PixelBox)
    }

    let drawing: Drawing
    let width: Int
    let height: Int
    let scaleX: Double
    let scaleY: Double
    private(set) var layers: [Layer] = []
    /// Whether some item can only be drawn on the whole picture at once: a double-ended court
    /// that does not turn onto whole pixels copies its top half through a Cairo group, which
    /// holds only what the surface it is drawn on holds.
    private(set) var needsWholePicture = false
    let symbols: [String: [Drawing.Item]]
    private let stamps: StampCache?
    /// Where band and picture buffers come from and go back to, when the renderer keeps them.
    let pool: PixelMemoryPool?
    /// The first layer's rows, recorded by an earlier render (then the first layer is not
    /// drawn), or being recorded by this one, and where they are kept.
    let base: (rows: BaseRows, recorded: Bool)?
    private let baseCache: BaseRowCache?
    private let baseKey: BaseRowCache.Key?
    /// Each symbol written out for stamping (uses resolved), its hash and colour, or `nil` when
    /// it cannot be stamped.
    private var stampable: [String: (items: [Drawing.Item], hash: Int, color: Color)?] = [:]

    /// Plans `drawing` at `width` × `height` pixels; `stamps` keeps shapes for reuse (none when
    /// `nil`: every shape is then drawn in place).
    init(_ drawing: Drawing, width: Int, height: Int, stamps: StampCache?, pool: PixelMemoryPool? = nil,
         baseRows: BaseRowCache? = nil) throws(RenderError) {
        self.drawing = drawing
        self.width = width
        self.height = height
        scaleX = Double(width) / drawing.width
        scaleY = Double(height) / drawing.height
        symbols = drawing.symbolTable
        self.stamps = stamps
        self.pool = pool
        baseCache = baseRows
        var key: BaseRowCache.Key? = nil
        var base: (rows: BaseRows, recorded: Bool)? = nil
        // The first item, when it is drawn as it is: its rows can be recorded and reused.
        if let baseRows, case .direct(let item, let chain, _)? = try Self.firstLayer(of: drawing, symbols: symbols) {
            let baseKey = BaseRowCache.Key(item: item, chain: chain, width: width, height: height)
            key = baseKey
            base = baseRows.rows(for: baseKey).map { ($0, true) } ?? (BaseRows(width: width, height: height), false)
        }
        baseKey = key
        self.base = base
        try add(drawing.items, chain: [], matrix: DeviceMatrix(scaleX: scaleX, scaleY: scaleY))
    }

    /// The first layer a plan of `drawing` starts with, when it is an item drawn in place.
    private static func firstLayer(of drawing: Drawing, symbols: [String: [Drawing.Item]]) throws(RenderError) -> Layer? {
        var items = drawing.items, chain: [AffineTransform] = []
        // Into groups without clips, as the plan goes.
        while case .group(let content, let transform, nil)? = items.first, items.count >= 1 {
            items = content
            chain.append(transform)
        }
        switch items.first {
        case .path?, .roundedRectangle?: return .direct(items[0], chain: chain, box: nil)
        default: return nil
        }
    }

    /// Keeps the first layer's rows for later renders, once this render has recorded them all.
    func keepBaseRows() {
        guard let base, !base.recorded, let baseKey, base.rows.isComplete else { return }
        baseCache?.keep(base.rows, for: baseKey)
    }

    private mutating func add(_ items: [Drawing.Item], chain: [AffineTransform], matrix: DeviceMatrix) throws(RenderError) {
        for item in items {
            switch item {
            case .use(let id, let transform):
                guard let content = symbols[id] else { continue }
                let inner = matrix.then(transform)
                if try addStamp(of: id, matrix: inner) { continue }
                try add(content, chain: chain + [transform], matrix: inner)
            case .group(let content, let transform, nil):
                try add(content, chain: chain + [transform], matrix: matrix.then(transform))
            case .doubleEnded(let content, let half, let center):
                if try addDoubleEnded(content, half: half, center: center, chain: chain, matrix: matrix) { continue }
                addDirect(item, chain: chain, matrix: matrix)
            default:
                addDirect(item, chain: chain, matrix: matrix)
            }
        }
    }

    private mutating func addDirect(_ item: Drawing.Item, chain: [AffineTransform], matrix: DeviceMatrix) {
        layers.append(.direct(item, chain: chain, box: matrix.bounds(of: item, symbols: symbols)))
        if !needsWholePicture { needsWholePicture = containsDoubleEnded(item, depth: 0) }
    }

    private func containsDoubleEnded(_ item: Drawing.Item, depth: Int) -> Bool {
        guard depth < 16 else { return true }
        switch item {
        case .doubleEnded: return true
        case .group(let content, _, _): return content.contains { containsDoubleEnded($0, depth: depth + 1) }
        case .use(let id, _): return (symbols[id] ?? []).contains { containsDoubleEnded($0, depth: depth + 1) }
        case .path, .roundedRectangle, .image: return false
        }
    }

    // MARK: Stamps

    /// Adds symbol `id` as a stamp, if it is one colour, drawn only with paths, and not large.
    private mutating func addStamp(of id: String, matrix: DeviceMatrix) throws(RenderError) -> Bool {
        guard let stamps else { return false }
        if stampable[id] == nil {
            var color: Color? = nil
            let items = resolve(symbols[id] ?? [], color: &color, depth: 0)
            stampable[id] = items.flatMap { items in color.map { (items, items.hashValue, $0) } }
        }
        guard let shape = stampable[id] ?? nil,
              let box = matrix.bounds(of: shape.items, symbols: [:]), !box.isEmpty,
              (box.x1 - box.x0) * (box.y1 - box.y0) <= width * height / 8,
              let (stamp, x, y) = try stamps.stamp(shape.items, itemsHash: shape.hash, matrix: matrix.matrix) else { return false }
        layers.append(.stamp(stamp, x: x, y: y, color: shape.color, box: box))
        return true
    }

    /// `items` with every use written out as a group, when all of them are paths in one opaque
    /// colour; `nil` otherwise.
    private func resolve(_ items: [Drawing.Item], color: inout Color?, depth: Int) -> [Drawing.Item]? {
        guard depth < 8 else { return nil }
        func accept(_ paint: Color?) -> Bool {
            guard let paint else { return true }
            guard paint.alpha == 255, color == nil || color == paint else { return false }
            color = paint
            return true
        }
        var resolved: [Drawing.Item] = []
        for item in items {
            switch item {
            case .path(_, let fill, let stroke), .roundedRectangle(_, _, let fill, let stroke):
                guard accept(fill), accept(stroke?.color) else { return nil }
                resolved.append(item)
            case .use(let id, let transform):
                guard let content = symbols[id], let inner = resolve(content, color: &color, depth: depth + 1) else { return nil }
                resolved.append(.group(inner, transform: transform, clip: nil))
            case .group(let content, let transform, nil):
                guard let inner = resolve(content, color: &color, depth: depth + 1) else { return nil }
                resolved.append(.group(inner, transform: transform, clip: nil))
            default:
                return nil
            }
        }
        return resolved
    }

    // MARK: Double-ended pictures

    /// Draws a double-ended court's top half once and adds it upright and turned, when the turn
    /// maps pixels onto pixels (the card is upright and its centre on a pixel corner or centre).
    private mutating func addDoubleEnded(_ content: [Drawing.Item], half: Rect, center: Point,
                                         chain: [AffineTransform], matrix: DeviceMatrix) throws(RenderError) -> Bool {
        let m = matrix.matrix
        guard m.xy == 0, m.yx == 0 else { return false }
        let c = matrix.apply(center)
        guard (2 * c.x).rounded() == 2 * c.x, (2 * c.y).rounded() == 2 * c.y else { return false }
        // The clips Cairo would use: the half's corners in pixels, rounded to whole pixels.
        func snapped(_ m: DeviceMatrix) -> PixelBox {
            let a = m.apply(half.origin), b = m.apply(Point(x: half.origin.x + half.width, y: half.origin.y + half.height))
            return PixelBox(x0: Int(min(a.x, b.x).rounded()), y0: Int(min(a.y, b.y).rounded()),
                            x1: Int(max(a.x, b.x).rounded()), y1: Int(max(a.y, b.y).rounded()))
        }
        let upper = snapped(matrix), lower = snapped(matrix.then(.rotation(.pi, about: center)))
        let canvas = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        guard !upper.isEmpty, upper.intersection(canvas) == upper else { return false }
        let picture = try RasterPicture(drawing: content, symbols: symbols, matrix: m, box: upper, pool: pool)
        layers.append(.picture(picture, turnedAbout: nil, clip: upper))
        layers.append(.picture(picture, turnedAbout: (Int(2 * c.x), Int(2 * c.y)), clip: lower))
        return true
    }
}

/// ARGB pixels drawn once and painted where a plan needs them.
final class RasterPicture {
    let memory: PixelMemory
    /// Where the picture's top-left pixel goes, and its size.
    let box: PixelBox
    /// Where the memory goes back to.
    private let pool: PixelMemoryPool?

    var width: Int { box.x1 - box.x0 }
    var height: Int { box.y1 - box.y0 }

    /// `items` drawn under `matrix` into the pixels of `box` (transparent where nothing is drawn).
    init(drawing items: [Drawing.Item], symbols: [String: [Drawing.Item]], matrix: cairo_matrix_t, box: PixelBox,
         pool: PixelMemoryPool?) throws(RenderError) {
        self.box = box
        self.pool = pool
        let count = (box.x1 - box.x0) * (box.y1 - box.y0) * 4
        memory = pool?.take(count: count, zeroed: true) ?? PixelMemory(count: count)
        let surface = try surface()
        cairo_surface_set_device_offset(surface.pointer, -Double(box.x0), -Double(box.y0))
        let context = try CairoContext(surface: surface)
        var m = matrix
        cairo_set_matrix(context.pointer, &m)
        context.setDrawingDefaults()
        try context.draw(items, symbols: symbols)
        try context.check("drawing a picture")
        cairo_surface_flush(surface.pointer)
    }

    deinit { pool?.give(memory) }

    /// A Cairo surface reading the pixels.
    func surface() throws(RenderError) -> CairoSurface {
        try CairoSurface(
            taking: cairo_image_surface_create_for_data(memory.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                        Int32(width), Int32(height), Int32(width * 4)),
            what: "a \(width) × \(height) picture")
    }
}
