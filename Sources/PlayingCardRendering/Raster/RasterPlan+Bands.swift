#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CPlayingCardsCairo
import PlayingCardLayout

extension RasterPlan {
    /// Draws rows `top ..< top + rows` of the picture into `pixels` (ARGB32, `stride` bytes a
    /// row), which are cleared first.
    func draw(into pixels: UnsafeMutableRawPointer, stride: Int, top: Int, rows: Int) throws(RenderError) {
        // The first layer's rows from an earlier card, or a cleared band.
        let skipFirst = base?.recorded == true
        if let base, skipFirst {
            base.rows.paint(into: pixels, stride: stride, top: top, rows: rows)
        } else {
            memset(pixels, 0, stride * rows)
        }
        let surface = try CairoSurface(
            taking: cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                        Int32(width), Int32(rows), Int32(stride)),
            what: "a \(width) × \(rows) band")
        let band = PixelBox(x0: 0, y0: top, x1: width, y1: top + rows)
        do {
            let context = try CairoContext(surface: surface)
            context.setDrawingDefaults()
            // The band's first row is the picture's row `top`. (Not a device offset: Cairo's
            // groups then land in the wrong place.)
            cairo_translate(context.pointer, 0, -Double(top))
            for (number, layer) in layers.enumerated() {
                if number == 0 && skipFirst { continue }
                if number == 1, let base, !base.recorded {
                    cairo_surface_flush(surface.pointer)
                    base.rows.record(pixels, stride: stride, top: top, rows: rows)
                }
                switch layer {
                case .direct(let item, let chain, let box):
                    if let box, box.intersection(band).isEmpty { continue }
                    cairo_save(context.pointer)
                    cairo_scale(context.pointer, scaleX, scaleY)
                    for transform in chain { context.apply(transform) }
                    try context.draw([item], symbols: symbols)
                    cairo_restore(context.pointer)
                case .stamp(let stamp, let x, let y, let color, let box):
                    guard !box.intersection(band).isEmpty else { continue }
                    let mask = try stamp.surface()
                    context.setColor(color)
                    cairo_mask_surface(context.pointer, mask.pointer, Double(x + stamp.offsetX), Double(y + stamp.offsetY))
                case .picture(let picture, let turnedAbout, let clip):
                    let visible = clip.intersection(band)
                    guard !visible.isEmpty else { continue }
                    cairo_surface_flush(surface.pointer)
                    picture.paint(into: pixels, stride: stride, top: top, visible: visible, turnedAbout: turnedAbout)
                    cairo_surface_mark_dirty(surface.pointer)
                }
            }
            try context.check("drawing \(drawing.title)")
        }
        cairo_surface_flush(surface.pointer)
        try surface.check("drawing \(drawing.title)")
    }

    /// The rows this many bytes of pixels hold: a band that stays in the processor's cache.
    static let bandBytes = 512 << 10

    /// The rows in a band. Every way of drawing a plan draws the same bands, so that they all
    /// give the same pixels (Cairo's antialiasing can differ by a level where a band starts).
    var bandRows: Int { needsWholePicture ? height : min(height, max(16, Self.bandBytes / (width * 4))) }

    /// Draws every row into `pixels`, a band at a time.
    func drawAll(into pixels: UnsafeMutableRawPointer, stride: Int) throws(RenderError) {
        var top = 0
        while top < height {
            let rows = min(bandRows, height - top)
            try draw(into: pixels + top * stride, stride: stride, top: top, rows: rows)
            top += rows
        }
    }

    /// Every pixel, as a raster image.
    func rasterImage() throws(RenderError) -> RasterImage {
        var failure: RenderError? = nil
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            do throws(RenderError) {
                try drawAll(into: UnsafeMutableRawPointer(buffer.baseAddress!), stride: width * 4)
            } catch {
                failure = error
            }
            count = width * height
        }
        if let failure { throw failure }
        keepBaseRows()
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// The picture as PNG. The fast compression draws and encodes a band of rows at a time, when
    /// the first band shows that the picture has transparent pixels (a card's rounded corners):
    /// then it is RGBA without looking further. Otherwise, and for the small compression, which
    /// needs every pixel at once, the whole picture is drawn first.
    func png(compression: PNGCompression) throws(RenderError) -> [UInt8] {
        let stride = width * 4
        if compression == .fast {
            let bandRows = self.bandRows
            let band = pool?.take(count: stride * bandRows, zeroed: false) ?? PixelMemory(count: stride * bandRows)
            defer { pool?.give(band) }
            try draw(into: band.bytes, stride: stride, top: 0, rows: bandRows)
            if !PNGEncoder.isOpaque(pixels: band.bytes, width: width, height: bandRows, stride: stride) {
                var encoder = FastRowEncoder(width: width, height: height, opaque: false)
                let previous = PixelMemory(count: stride)
                var top = 0
                while top < height {
                    let rows = min(bandRows, height - top)
                    if top > 0 { try draw(into: band.bytes, stride: stride, top: top, rows: rows) }
                    for r in 0..<rows {
                        let row = (band.bytes + r * stride).assumingMemoryBound(to: UInt32.self)
                        let above = r > 0 ? UnsafePointer(row - width) : top > 0 ? UnsafePointer(previous.bytes.assumingMemoryBound(to: UInt32.self)) : nil
                        encoder.add(row, above: above)
                    }
                    memcpy(previous.bytes, band.bytes + (rows - 1) * stride, stride)
                    top += rows
                }
                keepBaseRows()
                return PNGEncoder.file(width: width, height: height, colorType: 6, chunks: [], zlib: encoder.finish())
            }
        }
        let whole = PixelMemory(count: stride * height)
        try drawAll(into: whole.bytes, stride: stride)
        keepBaseRows()
        return PNGEncoder.encode(pixels: whole.bytes, width: width, height: height, stride: stride, compression: compression)
    }
}
