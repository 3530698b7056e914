import CGdkPixbuf

/// A table's background image as the server keeps and serves it: the upload's pixels, decoded
/// and encoded again in the upload's format, so that nothing else of the file survives (no EXIF,
/// text chunks, ICC profiles or comments).
///
/// The image comes only from uploaded bytes; nothing here fetches a URL.
struct BackgroundImage: Sendable {
    /// The largest upload taken, in bytes: 4 MiB.
    static let maximumByteCount = 4 * 1024 * 1024
    /// The longest side taken, in pixels.
    static let maximumSide = 4096

    /// The encoded image: a PNG or a JPEG of quality 90.
    let bytes: [UInt8]
    /// `image/png` or `image/jpeg`, the upload's format.
    let mediaType: String
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int

    /// Decodes an upload and encodes its pixels again: a PNG as a PNG, a JPEG as a JPEG of
    /// quality 90, without the upload's metadata (EXIF orientation is dropped, not applied).
    ///
    /// The format is told by the first bytes alone. An upload over ``maximumByteCount`` or of
    /// another format is refused before it is decoded; one with a side over ``maximumSide`` is
    /// refused once its header is read, before its pixels are allocated.
    ///
    /// This is synchronous CPU work (tens of milliseconds, up to 64 MiB of pixels for the
    /// largest image): callers run it off the event loop, a bounded number at a time.
    ///
    /// - Throws: ``BackgroundImageError`` naming what is wrong and what is taken.
    static func normalize(_ upload: [UInt8]) throws(BackgroundImageError) -> BackgroundImage {
        guard upload.count <= maximumByteCount else {
            throw BackgroundImageError(.tooManyBytes(upload.count))
        }
        guard let format = Format(magic: upload) else {
            throw BackgroundImageError(.notPNGOrJPEG(looksLike: Format.resemblance(of: upload)))
        }
        if format == .png, let (width, height) = pngHeaderSize(upload),
            width > maximumSide || height > maximumSide {
            throw BackgroundImageError(.tooManyPixels(width: width, height: height))
        }
        return try recode(upload, as: format)
    }

    /// The two formats taken, told by their first bytes.
    enum Format: Sendable {
        /// PNG, signed `89 50 4E 47 0D 0A 1A 0A`.
        case png
        /// JPEG, starting with the start-of-image marker `FF D8` and another marker's `FF`.
        case jpeg

        /// The format whose signature starts `bytes`, or `nil` for any other.
        init?(magic bytes: [UInt8]) {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else {
                return nil
            }
        }

        /// The media type the image is served with.
        var mediaType: String { self == .png ? "image/png" : "image/jpeg" }

        /// The format's name in messages.
        var name: String { self == .png ? "PNG" : "JPEG" }

        /// gdk-pixbuf's name for the format's loader and saver.
        var gdkName: String { self == .png ? "png" : "jpeg" }

        /// What bytes that are neither PNG nor JPEG seem to be, for the refusal, if that is clear.
        static func resemblance(of bytes: [UInt8]) -> String? {
            if bytes.isEmpty { return "it is empty" }
            if bytes.starts(with: Array("GIF8".utf8)) { return "it looks like a GIF" }
            if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12, bytes[8..<12].elementsEqual("WEBP".utf8) {
                return "it looks like a WebP"
            }
            if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) { return "it looks like a HEIC or AVIF" }
            let start = bytes.prefix(512).drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
            if start.first == UInt8(ascii: "<") { return "it looks like SVG, HTML or other markup" }
            return isText(bytes.prefix(512), cut: bytes.count > 512) ? "it looks like text" : nil
        }

        /// Whether `head` is UTF-8 without control characters but tabs and line breaks; `cut`
        /// allows a character cut short at its end.
        private static func isText(_ head: ArraySlice<UInt8>, cut: Bool) -> Bool {
            let text = (0...(cut ? 3 : 0)).lazy
                .compactMap { String(validating: head.dropLast($0), as: UTF8.self) }.first
            guard let text else { return false }
            return text.unicodeScalars.allSatisfy {
                ($0.value >= 0x20 && $0.value != 0x7F) || "\t\n\r".unicodeScalars.contains($0)
            }
        }
    }

    /// The width and height in a PNG's IHDR chunk, which must come first, or `nil` when the
    /// bytes are too short or the first chunk is something else (the decoder then says why).
    static func pngHeaderSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return (bigEndian32(bytes, at: 16), bigEndian32(bytes, at: 20))
    }

    /// Why a PNG's chunks stop before its IEND chunk, or `nil` when they reach it.
    ///
    /// gdk-pixbuf returns the rows read so far, without an error, for a PNG cut short after its
    /// pixels were allocated; this check turns that into a refusal.
    static func pngTruncation(_ bytes: [UInt8]) -> String? {
        var offset = 8
        while offset + 8 <= bytes.count {
            let type = bytes[(offset + 4)..<(offset + 8)]
            let end = offset + 12 + bigEndian32(bytes, at: offset)
            guard end <= bytes.count else {
                let isName = type.allSatisfy { (0x41...0x5A).contains($0 & 0xDF) }
                let name = isName ? String(decoding: type, as: UTF8.self) : "last"
                return "the file ends inside its \(name) chunk"
            }
            if type.elementsEqual("IEND".utf8) { return nil }
            offset = end
        }
        return "the file ends before its IEND chunk"
    }

    /// Why a JPEG's segments stop before its end-of-image marker, or `nil` when they reach it.
    ///
    /// gdk-pixbuf returns a JPEG cut short in its image data without an error, the blocks it
    /// lacks grey, and one without its end marker lacks its last blocks; this check turns both
    /// into refusals. Bytes between segments are skipped, as libjpeg skips them.
    static func jpegTruncation(_ bytes: [UInt8]) -> String? {
        var offset = 2
        while offset < bytes.count, let start = bytes[offset...].firstIndex(of: 0xFF) {
            // Any number of FF bytes may stand before a marker.
            guard let index = bytes[start...].firstIndex(where: { $0 != 0xFF }) else { break }
            let marker = bytes[index]
            offset = index + 1
            switch marker {
            case 0xD9:
                return nil
            case 0x00, 0x01, 0xD0...0xD7:
                continue  // Stray stuffing, TEM and restart markers have no length.
            default:
                guard offset + 2 <= bytes.count else { return "the file ends inside a marker segment" }
                offset += Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                guard offset <= bytes.count else { return "the file ends inside a marker segment" }
                if marker == 0xDA {
                    guard let end = jpegScanEnd(bytes, from: offset) else { return "the file ends inside its image data" }
                    offset = end
                }
            }
        }
        return "the file ends before its end-of-image marker"
    }

    /// Where the marker after a JPEG scan's entropy-coded data starts, or `nil` when the data
    /// runs to the end: in the data, `FF 00` is a stuffed FF, `FF D0` to `FF D7` restart markers.
    private static func jpegScanEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count, let mark = bytes[index..<(bytes.count - 1)].firstIndex(of: 0xFF) {
            let next = bytes[mark + 1]
            if next == 0x00 || next == 0xFF || (0xD0...0xD7).contains(next) {
                index = mark + (next == 0xFF ? 1 : 2)
            } else {
                return mark
            }
        }
        return nil
    }

    /// The unsigned 32-bit big-endian number at `offset`.
    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The sides a decoder's header gave, set from the loader's `size-prepared` signal.
    private final class HeaderSize {
        /// The width the header gave.
        var width = 0
        /// The height the header gave.
        var height = 0
        /// Whether a side was too long, so that the decoder was stopped.
        var refused = false
    }

    /// Decodes with gdk-pixbuf's loader for `format` (never by sniffing, so no other loader
    /// sees the bytes) and encodes the bare pixels again: ``normalize(_:)`` without its checks
    /// before decoding, which only tests call directly.
    static func recode(_ upload: [UInt8], as format: Format) throws(BackgroundImageError) -> BackgroundImage {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type(format.gdkName, &error) else {
            throw BackgroundImageError(.serverFailure(takeMessage(&error) ?? "no \(format.name) decoder"))
        }
        defer {
            // Returns at once when a failed write has closed it already; unclosed, the last
            // unref would warn on standard error.
            gdk_pixbuf_loader_close(loader, nil)
            g_object_unref(loader)
        }

        // Refuses long sides once the header is read: zero sides make the PNG and JPEG loaders
        // fail before they allocate the pixels.
        let header = HeaderSize()
        let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, gint, gint, gpointer?) -> Void = {
            loader, width, height, data in
            guard let data else { return }
            let header = Unmanaged<HeaderSize>.fromOpaque(data).takeUnretainedValue()
            header.width = Int(width)
            header.height = Int(height)
            if Int(width) > BackgroundImage.maximumSide || Int(height) > BackgroundImage.maximumSide {
                header.refused = true
                gdk_pixbuf_loader_set_size(loader, 0, 0)
            }
        }
        return try withExtendedLifetime(header) { () throws(BackgroundImageError) -> BackgroundImage in
            g_signal_connect_data(
                loader, "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self),
                Unmanaged.passUnretained(header).toOpaque(), nil, GConnectFlags(rawValue: 0)
            )
            let written = upload.withUnsafeBufferPointer { buffer in
                gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), &error)
            } != 0
            // A failed write has closed the loader and set `error`; close only after a good one.
            let closed = written && gdk_pixbuf_loader_close(loader, &error) != 0
            let reason = takeMessage(&error)
            if header.refused {
                throw BackgroundImageError(.tooManyPixels(width: header.width, height: header.height))
            }
            guard closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
                // Data the decoder took without complaint but that ends before the image does
                // fails only at the close, often with a reason about the decoder's state.
                let detail = reason ?? "the file holds no image"
                let why = written ? "the file ends too soon: \(detail)" : detail
                throw BackgroundImageError(.undecodable(format: format.name, reason: why))
            }
            // Checked after decoding, so that a decoder's reason comes first.
            if let truncation = format == .png ? pngTruncation(upload) : jpegTruncation(upload) {
                throw BackgroundImageError(.undecodable(format: format.name, reason: truncation))
            }
            return try encode(pixbuf, as: format)
        }
    }

    /// Encodes the pixels of a decoded image in `format`, through a new image that shares
    /// them but none of the decoded one's options (text chunks, orientation, ICC profile).
    private static func encode(
        _ decoded: OpaquePointer, as format: Format
    ) throws(BackgroundImageError) -> BackgroundImage {
        let width = Int(gdk_pixbuf_get_width(decoded))
        let height = Int(gdk_pixbuf_get_height(decoded))
        guard width <= maximumSide, height <= maximumSide else {
            throw BackgroundImageError(.tooManyPixels(width: width, height: height))
        }
        guard gdk_pixbuf_get_bits_per_sample(decoded) == 8, let pixels = gdk_pixbuf_get_pixels(decoded),
            let bare = gdk_pixbuf_new_from_data(
                pixels, GDK_COLORSPACE_RGB, gdk_pixbuf_get_has_alpha(decoded), 8, gint(width), gint(height),
                gdk_pixbuf_get_rowstride(decoded), nil, nil
            )
        else {
            throw BackgroundImageError(.serverFailure("the decoded pixels are not 8-bit RGB"))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bare)) }

        var keys: [UnsafeMutablePointer<CChar>?] = format == .jpeg ? [g_strdup("quality"), nil] : [nil]
        var values: [UnsafeMutablePointer<CChar>?] = format == .jpeg ? [g_strdup("90"), nil] : [nil]
        defer { (keys + values).forEach { g_free($0) } }
        var buffer: UnsafeMutablePointer<gchar>?
        var count: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let saved = gdk_pixbuf_save_to_bufferv(bare, &buffer, &count, format.gdkName, &keys, &values, &error) != 0
        defer { g_free(buffer) }
        let reason = takeMessage(&error)
        guard saved, let buffer else {
            throw BackgroundImageError(.serverFailure(reason ?? "the \(format.name) encoder failed"))
        }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(count))
        return BackgroundImage(bytes: Array(bytes), mediaType: format.mediaType, width: width, height: height)
    }

    /// The message of a GLib error, which is freed and cleared; `nil` when there is none.
    private static func takeMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String? {
        guard let taken = error else { return nil }
        error = nil
        defer { g_error_free(taken) }
        return taken.pointee.message.map { String(cString: $0) }
    }
}
