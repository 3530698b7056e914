@testable import DeckServerHTTP
import Foundation
import Testing

/// Background image uploads: what is re-encoded without metadata, and what is refused with
/// which words. The PNGs are built here, byte by byte; the two JPEGs (312 and 578 bytes) were
/// made with ImageMagick (`convert -size 16x8 gradient:red-blue -strip -quality 90`, and
/// 32x16 with `-interlace Plane`) and are given their metadata here.
@Suite("Background images")
struct BackgroundImageTests {
    // MARK: What is taken

    @Test("a PNG comes back as a PNG of the same size without its text, EXIF and density chunks")
    func pngWithoutMetadata() throws {
        let upload = TestPNG.image(width: 24, height: 10, before: [
            TestPNG.chunk("tEXt", Array("Comment\0secret text chunk".utf8)),
            TestPNG.chunk("zTXt", Array("Author\0".utf8) + [0] + TestPNG.zlibStored(Array("secret zipped text".utf8))),
            TestPNG.chunk("pHYs", [0, 0, 0x0B, 0x13, 0, 0, 0x0B, 0x13, 1]),
            TestPNG.chunk("eXIf", TestJPEG.tiff(make: "SecretCamera")),
        ])
        #expect(upload.contains(sequence: Array("secret text chunk".utf8)))

        let image = try BackgroundImage.normalize(upload)

        #expect(image.mediaType == "image/png")
        #expect((image.width, image.height) == (24, 10))
        #expect(image.bytes.starts(with: TestPNG.signature))
        let types = TestPNG.chunkTypes(image.bytes)
        #expect(types.first == "IHDR" && types.last == "IEND")
        #expect(Set(types).isSubset(of: ["IHDR", "sBIT", "IDAT", "IEND"]), "chunks: \(types)")
        for secret in ["secret", "SecretCamera", "Comment", "Author"] {
            #expect(!image.bytes.contains(sequence: Array(secret.utf8)), "\(secret) survived")
        }
        // The result is itself an upload that is taken as it is.
        #expect(try BackgroundImage.normalize(image.bytes).bytes == image.bytes)
    }

    @Test("a PNG with transparency keeps it")
    func pngWithAlpha() throws {
        let upload = TestPNG.image(width: 3, height: 2, colorType: 6) { x, y in [UInt8(x * 80), UInt8(y * 120), 7, 128] }
        let image = try BackgroundImage.normalize(upload)
        #expect((image.width, image.height) == (3, 2))
        // IHDR's colour type, byte 25: 6 is RGBA.
        #expect(image.bytes[25] == 6)
    }

    @Test("a JPEG comes back as a JPEG of the same size without its EXIF and comment")
    func jpegWithoutMetadata() throws {
        let upload = TestJPEG.withMetadata()
        #expect(upload.contains(sequence: Array("SecretCamera".utf8)))
        #expect(TestJPEG.markers(upload).contains(0xE1) && TestJPEG.markers(upload).contains(0xFE))

        let image = try BackgroundImage.normalize(upload)

        #expect(image.mediaType == "image/jpeg")
        // The EXIF orientation (6, a quarter turn) is dropped, not applied: still 16 × 8.
        #expect((image.width, image.height) == (16, 8))
        #expect(image.bytes.starts(with: [0xFF, 0xD8, 0xFF]))
        let markers = TestJPEG.markers(image.bytes)
        #expect(markers.contains(0xDA), "no scan: \(markers)")
        #expect(!markers.contains(0xE1) && !markers.contains(0xE2) && !markers.contains(0xFE), "markers: \(markers)")
        for secret in ["Exif", "SecretCamera", "secret comment"] {
            #expect(!image.bytes.contains(sequence: Array(secret.utf8)), "\(secret) survived")
        }
    }

    @Test("sides of exactly 4096 px are taken")
    func largestSides() throws {
        let wide = try BackgroundImage.normalize(TestPNG.image(width: 4096, height: 1))
        #expect((wide.width, wide.height) == (4096, 1))
        let tall = try BackgroundImage.normalize(TestPNG.image(width: 1, height: 4096))
        #expect((tall.width, tall.height) == (1, 4096))
    }

    // MARK: What is refused

    @Test("a side over 4096 px is refused from the header of a small file")
    func tooManyPixels() throws {
        let wide = TestPNG.image(width: 4097, height: 1)
        #expect(refusal(wide)?.reason == .tooManyPixels(width: 4097, height: 1))
        #expect(refusal(TestPNG.image(width: 1, height: 4097))?.reason == .tooManyPixels(width: 1, height: 4097))

        // 30,000 × 30,000 (2.7 GB of pixels) in under 2 KB: refused at its header, never allocated.
        let bomb = TestPNG.bomb(width: 30000, height: 30000)
        #expect(bomb.count < 2048)
        let error = try #require(refusal(bomb))
        #expect(error.reason == .tooManyPixels(width: 30000, height: 30000))
        #expect(error.description == "the background image is 30000 × 30000 px: images of at most 4096 px a side are taken (PNG or JPEG, at most 4 MiB)")
        #expect(error.isUploadFault)
    }

    @Test("the decoder itself stops at the header of an image too large, for PNG and JPEG")
    func decoderStopsAtHeader() {
        // Past normalize's own look at the PNG header: the loader's size-prepared signal refuses.
        // 60,000 × 60,000 RGB is 10.8 GB, which would fail as memory (undecodable) if allocated.
        for (width, height) in [(30000, 30000), (60000, 60000), (4097, 1)] {
            let bomb = TestPNG.bomb(width: width, height: height)
            var reason: BackgroundImageError.Reason?
            do { _ = try BackgroundImage.recode(bomb, as: .png) } catch { reason = error.reason }
            #expect(reason == .tooManyPixels(width: width, height: height))
        }
        // A JPEG whose frame header says 5000 × 8 (its data is for 16 × 8: never read).
        #expect(refusal(TestJPEG.withSize(width: 5000, height: 8))?.reason == .tooManyPixels(width: 5000, height: 8))
        #expect(refusal(TestJPEG.withSize(width: 16, height: 65000))?.reason == .tooManyPixels(width: 16, height: 65000))
    }

    @Test("more than 4 MiB is refused before decoding, with its size rounded up")
    func tooManyBytes() throws {
        let fiveMiB = TestPNG.signature + [UInt8](repeating: 0, count: 5 * 1024 * 1024 - 8)
        let error = try #require(refusal(fiveMiB))
        #expect(error.reason == .tooManyBytes(5 * 1024 * 1024))
        #expect(error.description == "the background image is 5.0 MiB: images of at most 4 MiB are taken (PNG or JPEG, at most 4096 px a side)")

        let justOver = TestPNG.signature + [UInt8](repeating: 0, count: 4 * 1024 * 1024 - 7)
        #expect(refusal(justOver)?.description.hasPrefix("the background image is 4.1 MiB:") == true)

        // Exactly 4 MiB is not refused for its size (but these bytes are no image).
        let exactly = TestPNG.signature + [UInt8](repeating: 0, count: 4 * 1024 * 1024 - 8)
        let atLimit = try #require(refusal(exactly))
        guard case .undecodable = atLimit.reason else {
            Issue.record("4 MiB refused as \(atLimit.reason)")
            return
        }
    }

    @Test("what is not a PNG or JPEG by its first bytes is refused, saying what it looks like", arguments: [
        ("GIF", Array("GIF89a\u{1}\0\u{1}\0\0\0\0;".utf8), "it looks like a GIF"),
        ("SVG", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><image href=\"http://example.org/x.png\"/></svg>".utf8), "it looks like SVG, HTML or other markup"),
        ("XML", Array("\u{FEFF}  <?xml version=\"1.0\"?>".utf8), "it looks like SVG, HTML or other markup"),
        ("WebP", Array("RIFF\u{1A}\0\0\0WEBPVP8 ".utf8), "it looks like a WebP"),
        ("text", Array("https://example.org/background.png".utf8), "it looks like text"),
        ("empty", [], "it is empty"),
        ("PNG signature cut short", Array(TestPNG.signature.prefix(7)), nil),
        ("JPEG's first two bytes alone", [0xFF, 0xD8], nil),
        ("BMP", Array("BM".utf8) + [0x3A, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0xFF, 0x80], nil),
    ] as [(String, [UInt8], String?)])
    func notPNGOrJPEG(_ name: String, _ upload: [UInt8], _ looksLike: String?) throws {
        let error = try #require(refusal(upload), "\(name) taken")
        #expect(error.reason == .notPNGOrJPEG(looksLike: looksLike))
        #expect(error.description.hasPrefix("the background image is not a PNG or JPEG image"))
        #expect(error.description.hasSuffix(": save it as PNG or JPEG, at most 4 MiB and 4096 px a side"))
    }

    @Test("a PNG cut short is refused as not decoded, wherever it is cut")
    func truncatedPNG() throws {
        let whole = TestPNG.image(width: 64, height: 64)
        let idat = try #require(TestPNG.offset(of: "IDAT", in: whole))
        let cuts = [
            ("in the IDAT chunk", whole.count / 2, "the file ends inside its IDAT chunk"),
            ("between IDAT and IEND", whole.count - 12, "the file ends before its IEND chunk"),
            ("in the IEND chunk", whole.count - 1, "the file ends inside its IEND chunk"),
            ("before IDAT", idat, nil),
            ("in the IHDR chunk", 20, nil),
        ]
        for (place, length, detail) in cuts {
            guard let (error, reason) = try undecodable(Array(whole.prefix(length)), as: "PNG", cut: place) else { continue }
            if let detail { #expect(reason.contains(detail), "cut \(place): \(reason)") }
            #expect(error.isUploadFault)
        }
    }

    @Test("a damaged PNG is refused with libpng's reason")
    func corruptPNG() throws {
        var upload = TestPNG.image(width: 8, height: 8)
        let idat = try #require(TestPNG.offset(of: "IDAT", in: upload))
        upload[idat + 30] ^= 0xFF
        let error = try #require(refusal(upload))
        #expect(error.reason == .undecodable(format: "PNG", reason: "Fatal error reading PNG image file: IDAT: CRC error"))
        #expect(error.description == "the background image could not be decoded as a PNG (Fatal error reading PNG image file: IDAT: CRC error): it may be damaged or cut short; save it again as PNG or JPEG, at most 4 MiB and 4096 px a side")
    }

    @Test("a JPEG cut short is refused, with libjpeg's reason when it gives one")
    func truncatedJPEG() throws {
        let plain = TestJPEG.plain
        let cuts = [
            ("in the scan", plain.count - 12, "the file ends inside its image data"),
            ("before its end marker", plain.count - 2, "the file ends inside its image data"),
            ("after the scan's header", 289, "the file ends inside its image data"),
            ("in a Huffman table", 200, nil),
            ("in a quantization table", 30, nil),
            ("after the first marker", 3, nil),
        ]
        for (place, length, detail) in cuts {
            guard let (_, reason) = try undecodable(Array(plain.prefix(length)), as: "JPEG", cut: place) else { continue }
            if let detail {
                #expect(reason == detail, "cut \(place)")
            } else {
                #expect(reason.hasPrefix("the file ends too soon: Error interpreting JPEG image file ("), "cut \(place): \(reason)")
            }
        }
    }

    /// The refusal of `upload`, cut at `place` from a `format` image, as undecodable in that
    /// format, and the decoder's reason. A cut image taken fails the test; one refused for
    /// another reason is recorded as an issue, and gives `nil`.
    private func undecodable(_ upload: [UInt8], as format: String, cut place: String) throws -> (BackgroundImageError, String)? {
        let error = try #require(refusal(upload), "cut \(place) taken")
        guard case .undecodable(let decoded, let reason) = error.reason, decoded == format else {
            Issue.record("cut \(place): \(error.reason)")
            return nil
        }
        #expect(error.description.hasPrefix("the background image could not be decoded as a \(format) ("), "\(error)")
        return (error, reason)
    }

    @Test("a progressive JPEG of many scans is taken, and re-encoded as a baseline one")
    func progressiveJPEG() throws {
        let image = try BackgroundImage.normalize(TestJPEG.progressive)
        #expect((image.width, image.height) == (32, 16))
        #expect(TestJPEG.markers(image.bytes).contains(0xC0))
        // Cut in a later scan: libjpeg, not the walk to the end marker, finds this one short.
        let error = refusal(Array(TestJPEG.progressive.dropLast(40)))
        #expect(error?.description.hasPrefix("the background image could not be decoded as a JPEG (the file ends too soon: ") == true, "\(String(describing: error))")
    }

    @Test("the JPEG walk passes stuffed bytes, restart markers and fill bytes, and stops at the end marker")
    func jpegWalk() {
        let header: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
        let scanHeader: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 63, 0]
        let data: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xD1, 0x78]
        let whole = header + scanHeader + data + [0xFF, 0xFF, 0xD9] + Array("trailing bytes".utf8)
        #expect(BackgroundImage.jpegTruncation(whole) == nil)
        #expect(BackgroundImage.jpegTruncation(header + scanHeader + data) == "the file ends inside its image data")
        #expect(BackgroundImage.jpegTruncation(header + scanHeader.prefix(6)) == "the file ends inside a marker segment")
        #expect(BackgroundImage.jpegTruncation(header) == "the file ends before its end-of-image marker")
        // A second scan after a table, as in progressive files.
        let twoScans = header + scanHeader + data + [0xFF, 0xC4, 0x00, 0x03, 0x00] + scanHeader + data + [0xFF, 0xD9]
        #expect(BackgroundImage.jpegTruncation(twoScans) == nil)
    }

    private func refusal(_ upload: [UInt8]) -> BackgroundImageError? {
        do {
            _ = try BackgroundImage.normalize(upload)
            return nil
        } catch {
            return error
        }
    }
}

/// PNGs built byte by byte: 8-bit RGB (or RGBA), the pixels in stored (uncompressed) zlib blocks.
private enum TestPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A whole image; `pixel` gives each pixel's 3 (RGB) or 4 (RGBA) bytes; `before` are chunks put before IDAT.
    static func image(
        width: Int, height: Int, colorType: UInt8 = 2, before: [[UInt8]] = [],
        pixel: (Int, Int) -> [UInt8] = { x, y in [UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x ^ y) & 0xFF)] }
    ) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (1 + width * 4))
        for y in 0..<height {
            rows.append(0)
            for x in 0..<width { rows += pixel(x, y) }
        }
        return signature + header(width: width, height: height, colorType: colorType) + before.joined()
            + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
    }

    /// A header for a huge image followed by a little of its pixel data and IEND: complete in
    /// its chunks, far short of its pixels.
    static func bomb(width: Int, height: Int) -> [UInt8] {
        signature + header(width: width, height: height, colorType: 2)
            + chunk("IDAT", [0x78, 0x01, 0x00, 0x00, 0x04, 0xFF, 0xFB] + [UInt8](repeating: 0, count: 1024))
            + chunk("IEND", [])
    }

    static func header(width: Int, height: Int, colorType: UInt8) -> [UInt8] {
        chunk("IHDR", bigEndian32(width) + bigEndian32(height) + [8, colorType, 0, 0, 0])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian32(data.count) + body + bigEndian32(Int(crc32(body)))
    }

    /// A zlib stream of stored blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65535, data.count)
            let length = end - start
            out += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian32(Int(b << 16 | a))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// The chunk types of a whole PNG, in order.
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    /// Where the first chunk of `type` starts (its length field).
    static func offset(of type: String, in png: [UInt8]) -> Int? {
        var offset = 8
        while offset + 12 <= png.count {
            if png[(offset + 4)..<(offset + 8)].elementsEqual(type.utf8) { return offset }
            offset += 12 + png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        return nil
    }
}

/// The JPEG fixture, and the metadata segments put into it.
private enum TestJPEG {
    /// 16 × 8, baseline, no metadata but JFIF.
    static let plain: [UInt8] = Array(Data(base64Encoded: """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8X\
        GBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAAR\
        CAAIABADAREAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAYEAACAwAAAAAAAAAAAAAAAAAAARZjkf/EABYBAQEBAAAAAAAAAAAA\
        AAAAAAAHCP/EABcRAAMBAAAAAAAAAAAAAAAAAAAXY6H/2gAMAwEAAhEDEQA/AI2n1i0uKPlho5w10T6xaEfLA4a6f//Z
        """)!)

    /// 32 × 16, progressive in 10 scans (ImageMagick's `-interlace Plane`).
    static let progressive: [UInt8] = Array(Data(base64Encoded: """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8X\
        GBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wgAR\
        CAAQACADAREAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAYH/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAcD/9oADAMBAAIQAxAAAAHK8r4A\
        J69RUAf/xAAVEAEBAAAAAAAAAAAAAAAAAAAAE//aAAgBAQABBQK66666667/xAAWEQADAAAAAAAAAAAAAAAAAAAAFWH/2gAIAQMBAT8Bb0b0\
        b0b0b0b0b0b0/8QAFhEAAwAAAAAAAAAAAAAAAAAAABVh/9oACAECAQE/AUsEsEsEsEsEsEsEsP/EABQQAQAAAAAAAAAAAAAAAAAAADD/2gAI\
        AQEABj8CD//EABUQAQEAAAAAAAAAAAAAAAAAAABx/9oACAEBAAE/IaUpSlKU/9oADAMBAAIAAwAAABDbYkn/xAAUEQEAAAAAAAAAAAAAAAAA\
        AAAw/9oACAEDAQE/EAAAD//EABQRAQAAAAAAAAAAAAAAAAAAADD/2gAIAQIBAT8QAAAP/8QAFhABAQEAAAAAAAAAAAAAAAAAEQAg/9oACAEB\
        AAE/EDDDDlVf/9k=
        """)!)

    /// The fixture with an EXIF segment (camera make, orientation 6) and a comment after SOI.
    static func withMetadata() -> [UInt8] {
        let exif = Array("Exif\0\0".utf8) + tiff(make: "SecretCamera")
        let comment = Array("secret comment".utf8)
        return Array(plain.prefix(2)) + segment(0xE1, exif) + segment(0xFE, comment) + plain.dropFirst(2)
    }

    /// The fixture with its frame header's sides changed.
    static func withSize(width: Int, height: Int) -> [UInt8] {
        var jpeg = plain
        let sof = jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg[sof + 5] = UInt8(height >> 8)
        jpeg[sof + 6] = UInt8(height & 0xFF)
        jpeg[sof + 7] = UInt8(width >> 8)
        jpeg[sof + 8] = UInt8(width & 0xFF)
        return jpeg
    }

    /// A big-endian TIFF block with two IFD0 entries: Make and Orientation 6.
    static func tiff(make: String) -> [UInt8] {
        let value = Array(make.utf8) + [0]
        var tiff: [UInt8] = Array("MM".utf8) + [0, 0x2A, 0, 0, 0, 8, 0, 2]
        tiff += [0x01, 0x0F, 0, 2] + TestPNG.bigEndian32(value.count) + TestPNG.bigEndian32(8 + 2 + 24 + 4)
        tiff += [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]
        return tiff + [0, 0, 0, 0] + value
    }

    static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
    }

    /// The markers of the segments before the first scan, and the scan's (0xDA).
    static func markers(_ jpeg: [UInt8]) -> [UInt8] {
        var markers: [UInt8] = []
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            markers.append(marker)
            if marker == 0xDA { break }
            offset += 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
        }
        return markers
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(sequence: [UInt8]) -> Bool {
        guard !sequence.isEmpty, sequence.count <= count else { return sequence.isEmpty }
        return (0...(count - sequence.count)).contains { self[$0..<($0 + sequence.count)].elementsEqual(sequence) }
    }
}


