internal import CPlayingCardsCairo
import PlayingCardLayout

/// Renders drawings to bytes with Cairo: PNG through a ``RasterPlan`` and the project's encoder,
/// PDF through Cairo's PDF surface.
enum CairoOutput {
    /// Draws into a new image surface and hands its pixels to `body` while the surface lives.
    static func rasterize<T>(_ drawing: Drawing, width: Int, height: Int,
                             _ body: (CairoSurface) throws(RenderError) -> T) throws(RenderError) -> T {
        let surface = try CairoSurface.image(width: width, height: height)
        do {
            let context = try CairoContext(surface: surface)
            try context.draw(drawing, scaleX: Double(width) / drawing.width, scaleY: Double(height) / drawing.height)
        }
        cairo_surface_flush(surface.pointer)
        try surface.check("drawing \(drawing.title)")
        return try body(surface)
    }

    /// `drawing` as PNG, drawn by a ``RasterPlan`` (in bands when it can be); `stamps` keeps
    /// repeated shapes, `pool` pixel buffers and `baseRows` background rows for reuse across
    /// drawings.
    static func png(_ drawing: Drawing, width: Int, height: Int, compression: PNGCompression,
                    stamps: StampCache? = nil, pool: PixelMemoryPool? = nil, baseRows: BaseRowCache? = nil) throws(RenderError) -> [UInt8] {
        try RasterPlan(drawing, width: width, height: height, stamps: stamps, pool: pool, baseRows: baseRows).png(compression: compression)
    }

    static func pdf(_ drawing: Drawing) throws(RenderError) -> [UInt8] {
        try pdf(pages: [drawing])
    }

    /// One page a drawing; every page takes its own size.
    static func pdf(pages: [Drawing], progress: ((Int) -> Void)? = nil) throws(RenderError) -> [UInt8] {
        guard let drawing = pages.first else { throw RenderError(.invalidStyle, "a PDF needs at least one page") }
        let sink = ByteSink()
        func pointsPerUnit(_ drawing: Drawing) -> Double { drawing.unit == .millimetre ? 72 / 25.4 : 0.75 }
        let raw = withExtendedLifetime(sink) {
            cairo_pdf_surface_create_for_stream({ closure, data, length in
                Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue().append(data!, Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque(), drawing.width * pointsPerUnit(drawing), drawing.height * pointsPerUnit(drawing))
        }
        try withExtendedLifetime(sink) { () throws(RenderError) in
            let surface = try CairoSurface(taking: raw, what: "a PDF surface")
            // A fixed date keeps the file byte-identical from run to run.
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_TITLE, drawing.title)
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "swift-playing-cards")
            for (number, page) in pages.enumerated() {
                let scale = pointsPerUnit(page)
                cairo_pdf_surface_set_size(surface.pointer, page.width * scale, page.height * scale)
                let context = try CairoContext(surface: surface)
                try context.draw(page, scaleX: scale, scaleY: scale)
                cairo_show_page(context.pointer)
                try context.check("finishing page \(number + 1)")
                progress?(number + 1)
            }
            try surface.finish()
        }
        return sink.bytes
    }
}

/// Collects what a Cairo stream surface writes; it must outlive `cairo_surface_finish`.
final class ByteSink {
    var bytes: [UInt8] = []

    func append(_ data: UnsafePointer<UInt8>, _ count: Int) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
    }
}
