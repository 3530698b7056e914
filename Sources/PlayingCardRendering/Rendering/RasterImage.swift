internal import CPlayingCardsCairo
import PlayingCardLayout

/// A raster image in memory: what a card looks like in pixels, before PNG encoding.
///
/// Pixels are 32-bit words in Cairo's ARGB32 layout (premultiplied alpha, alpha in the high
/// byte), row by row with no padding.
public struct RasterImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` premultiplied ARGB words.
    public let pixels: [UInt32]

    /// An image from its pixels.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "pixel count must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes PNG bytes (any PNG Cairo reads: 8-bit RGB, RGBA, grey, palette) of up to
    /// ``CardSize/maximumPixels`` a side and ``CardSize/maximumArea`` pixels.
    ///
    /// - Throws: ``RenderError`` (`artwork`) when the bytes are not a readable PNG or too large.
    public init(png bytes: [UInt8], name: String = "PNG data") throws(RenderError) {
        let (width, height) = try ImageDecoder.pngSize(bytes, name: name, limit: CardSize.maximumPixels)
        guard width * height <= CardSize.maximumArea else {
            throw RenderError(.artwork, "\(name): \(width) × \(height) pixels is too large (at most \(CardSize.maximumArea / 1_000_000) million pixels)")
        }
        let surface = try ImageDecoder.pngSurface(ArtworkImage(name: name, format: .png, bytes: bytes,
                                                               width: Double(width), height: Double(height)))
        self = try RasterImage(copying: surface)
    }

    init(copying surface: CairoSurface) throws(RenderError) {
        cairo_surface_flush(surface.pointer)
        try surface.check("reading pixels")
        let width = Int(cairo_image_surface_get_width(surface.pointer))
        let height = Int(cairo_image_surface_get_height(surface.pointer))
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer),
              cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_ARGB32 || cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_RGB24 else {
            throw RenderError(.drawing, "cairo gave no 32-bit pixels")
        }
        let opaqueFormat = cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_RGB24
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { target[y * width + x] = opaqueFormat ? row[x] | 0xFF00_0000 : row[x] }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The image as PNG: RGB when every pixel is opaque, RGBA otherwise, compressed as
    /// `compression` says (``PNGCompression/fast`` by default).
    public func pngData(compression: PNGCompression = .fast) -> [UInt8] {
        pixels.withUnsafeBytes { buffer in
            PNGEncoder.encode(pixels: buffer.baseAddress!, width: width, height: height, stride: width * 4, compression: compression)
        }
    }

    /// The pixel at (`x`, `y`) as straight (not premultiplied) red, green, blue and alpha.
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let p = PNGEncoder.straight(pixels[y * width + x])
        return (p.0, p.1, p.2, p.3)
    }
}
