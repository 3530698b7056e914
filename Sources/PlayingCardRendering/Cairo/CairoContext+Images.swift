internal import CPlayingCardsCairo
internal import CPlayingCardsRsvgLoader
import PlayingCardLayout

extension CairoContext {
    /// Draws a user's PNG or SVG into `frame`, aspect kept, centred.
    func drawImage(_ image: ArtworkImage, in frame: Rect) throws(RenderError) {
        switch image.format {
        case .png:
            let surface = try ImageDecoder.pngSurface(image)
            let scale = min(frame.width / image.width, frame.height / image.height)
            cairo_save(pointer)
            cairo_translate(pointer, frame.center.x - image.width * scale / 2, frame.center.y - image.height * scale / 2)
            cairo_scale(pointer, scale, scale)
            cairo_set_source_surface(pointer, surface.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
            cairo_rectangle(pointer, 0, 0, image.width, image.height)
            cairo_fill(pointer)
            cairo_restore(pointer)
        case .svg:
            let rsvg = try ImageDecoder.rsvg(for: image.name)
            let handle = try ImageDecoder.svgHandle(image)
            defer { rsvg.object_unref(handle) }
            var viewport = spc_rsvg_rectangle(x: frame.origin.x, y: frame.origin.y, width: frame.width, height: frame.height)
            var error: UnsafeMutablePointer<spc_gerror>? = nil
            cairo_save(pointer)
            let drawn = rsvg.handle_render_document(handle, UnsafeMutableRawPointer(pointer), &viewport, &error)
            cairo_restore(pointer)
            if drawn == 0 {
                throw RenderError(.artwork, "\(image.name): librsvg could not draw it: \(ImageDecoder.message(taking: error, rsvg))")
            }
        }
        try check("drawing \(image.name)")
    }
}

/// Decodes user images with Cairo (PNG) and librsvg (SVG), with typed errors naming the file.
enum ImageDecoder {
    /// The largest width or height of a PNG accepted as artwork, in pixels.
    static let maximumPixels = 8192

    /// Reads a PNG's size from its header, checking the signature and the size limit.
    static func pngSize(_ bytes: [UInt8], name: String, limit: Int = maximumPixels) throws(RenderError) -> (width: Int, height: Int) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw RenderError(.artwork, "\(name): not a PNG file (the PNG signature and header are missing)")
        }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (word(16), word(20))
        guard width > 0, height > 0 else { throw RenderError(.artwork, "\(name): the PNG header gives a size of 0") }
        guard width <= limit, height <= limit else {
            throw RenderError(.artwork, "\(name): \(width) × \(height) pixels is too large (at most \(limit) × \(limit))")
        }
        return (width, height)
    }

    /// Decodes a PNG into a Cairo image surface.
    static func pngSurface(_ image: ArtworkImage) throws(RenderError) -> CairoSurface {
        let reader = ByteReader(image.bytes)
        let raw = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                let reader = Unmanaged<ByteReader>.fromOpaque(closure!).takeUnretainedValue()
                return reader.read(into: data!, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        do {
            return try CairoSurface(taking: raw, what: "decoding \(image.name)")
        } catch {
            throw RenderError(.artwork, "\(image.name): the PNG is corrupt or unreadable (\(error.message))")
        }
    }

    /// librsvg's functions, or an error naming the file that needed them.
    static func rsvg(for name: String) throws(RenderError) -> spc_rsvg_functions {
        var failure: UnsafePointer<CChar>? = nil
        guard let functions = spc_rsvg_load(&failure) else {
            throw RenderError(.artwork, "\(name): SVG artwork needs librsvg, and \(failure.map { String(cString: $0) } ?? "it could not be loaded")")
        }
        return functions.pointee
    }

    /// Parses an SVG with librsvg.
    static func svgHandle(_ image: ArtworkImage) throws(RenderError) -> UnsafeMutableRawPointer {
        let rsvg = try rsvg(for: image.name)
        var error: UnsafeMutablePointer<spc_gerror>? = nil
        let handle = image.bytes.withUnsafeBufferPointer { buffer in
            rsvg.handle_new_from_data(buffer.baseAddress, buffer.count, &error)
        }
        guard let handle else {
            throw RenderError(.artwork, "\(image.name): not a readable SVG: \(message(taking: error, rsvg))")
        }
        return handle
    }

    /// The size an SVG declares: its viewBox, or else its width and height in pixels or an
    /// absolute unit (in, cm, mm, pt, pc), converted at CSS's 96 pixels to the inch.
    static func svgSize(_ bytes: [UInt8], name: String) throws(RenderError) -> (width: Double, height: Double) {
        let rsvg = try rsvg(for: name)
        let handle = try svgHandle(ArtworkImage(name: name, format: .svg, bytes: bytes, width: 1, height: 1))
        defer { rsvg.object_unref(handle) }
        var hasWidth: Int32 = 0, hasHeight: Int32 = 0, hasViewBox: Int32 = 0
        var width = spc_rsvg_length(), height = spc_rsvg_length(), viewBox = spc_rsvg_rectangle()
        rsvg.handle_get_intrinsic_dimensions(handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox)
        if hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 { return (viewBox.width, viewBox.height) }
        let allowed = "add a viewBox, or give width and height in px, in, cm, mm, pt or pc"
        guard hasWidth != 0, hasHeight != 0 else {
            throw RenderError(.artwork, "\(name): the SVG has no viewBox and no width and height, so it cannot be scaled: \(allowed)")
        }
        for (attribute, length) in [("width", width), ("height", height)] where pixels(length) == nil {
            let why = length.unit == SPC_RSVG_UNIT_PERCENT
                ? "is a percentage (\(SVGWriter.number(length.length * 100))%), which needs a page around the picture"
                : "is in \(unitName(length.unit)), which depends on a font the picture does not have"
            throw RenderError(.artwork, "\(name): the SVG has no viewBox and its \(attribute) \(why), so it cannot be scaled: \(allowed)")
        }
        guard let pixelWidth = pixels(width), let pixelHeight = pixels(height),
              pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth > 0, pixelHeight > 0 else {
            throw RenderError(.artwork, "\(name): the SVG has no viewBox and its width or height is 0 or negative, so it cannot be scaled: \(allowed)")
        }
        return (pixelWidth, pixelHeight)
    }

    /// A length in CSS pixels (96 to the inch); `nil` for units relative to something artwork
    /// on its own does not have: a percentage of a page, a font's em or ex.
    static func pixels(_ length: spc_rsvg_length) -> Double? {
        let perUnit: Double
        switch length.unit {
        case SPC_RSVG_UNIT_PX: perUnit = 1
        case SPC_RSVG_UNIT_IN: perUnit = 96
        case SPC_RSVG_UNIT_CM: perUnit = 96 / 2.54
        case SPC_RSVG_UNIT_MM: perUnit = 96 / 25.4
        case SPC_RSVG_UNIT_PT: perUnit = 96 / 72
        case SPC_RSVG_UNIT_PC: perUnit = 16
        default: return nil
        }
        return length.length * perUnit
    }

    /// The unit as SVG writes it.
    static func unitName(_ unit: spc_rsvg_unit) -> String {
        switch unit {
        case SPC_RSVG_UNIT_PERCENT: "%"
        case SPC_RSVG_UNIT_PX: "px"
        case SPC_RSVG_UNIT_EM: "em"
        case SPC_RSVG_UNIT_EX: "ex"
        case SPC_RSVG_UNIT_IN: "in"
        case SPC_RSVG_UNIT_CM: "cm"
        case SPC_RSVG_UNIT_MM: "mm"
        case SPC_RSVG_UNIT_PT: "pt"
        case SPC_RSVG_UNIT_PC: "pc"
        default: "a unit this librsvg numbers \(unit.rawValue)"
        }
    }

    /// The text of a GError, which is freed.
    static func message(taking error: UnsafeMutablePointer<spc_gerror>?, _ rsvg: spc_rsvg_functions) -> String {
        guard let error else { return "unknown error" }
        defer { rsvg.error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}

/// Feeds bytes to Cairo's PNG reader.
private final class ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + offset, count: count)
        }
        offset += count
        return true
    }
}
