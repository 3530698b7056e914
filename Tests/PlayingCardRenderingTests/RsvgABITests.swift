import CPlayingCardsRsvgLoader
import Foundation
import Testing

/// The loader writes out librsvg's and GLib's types by hand (it needs no -dev package to build).
/// These tests compile a small C program against the real `rsvg.h` and compare.
@Suite("librsvg ABI as the loader mirrors it")
struct RsvgABITests {
    /// What the real headers say: `name value` lines printed by a C program built against them.
    static func realHeader() throws -> [String: Int] {
        let pkgConfig = try #require(Support.which("pkg-config"), "pkg-config is needed: make deps installs it")
        let flags = try Support.run(pkgConfig, ["--cflags", "librsvg-2.0"])
        try #require(flags.status == 0, "librsvg's header is needed (librsvg2-dev): make deps installs it")
        let compiler = try #require(Support.which("cc") ?? Support.which("clang"), "a C compiler is needed")
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("abi.c"), program = folder.appendingPathComponent("abi")
        try """
            #include <librsvg/rsvg.h>
            #include <stddef.h>
            #include <stdio.h>
            #define SHOW(name, value) printf("%s %ld\\n", name, (long)(value))
            int main(void) {
                SHOW("PERCENT", RSVG_UNIT_PERCENT); SHOW("PX", RSVG_UNIT_PX); SHOW("EM", RSVG_UNIT_EM);
                SHOW("EX", RSVG_UNIT_EX); SHOW("IN", RSVG_UNIT_IN); SHOW("CM", RSVG_UNIT_CM);
                SHOW("MM", RSVG_UNIT_MM); SHOW("PT", RSVG_UNIT_PT); SHOW("PC", RSVG_UNIT_PC);
                SHOW("unit.size", sizeof(RsvgUnit));
                SHOW("length.size", sizeof(RsvgLength)); SHOW("length.length", offsetof(RsvgLength, length));
                SHOW("length.unit", offsetof(RsvgLength, unit));
                SHOW("rectangle.size", sizeof(RsvgRectangle)); SHOW("rectangle.x", offsetof(RsvgRectangle, x));
                SHOW("rectangle.y", offsetof(RsvgRectangle, y)); SHOW("rectangle.width", offsetof(RsvgRectangle, width));
                SHOW("rectangle.height", offsetof(RsvgRectangle, height));
                SHOW("gerror.size", sizeof(GError)); SHOW("gerror.domain", offsetof(GError, domain));
                SHOW("gerror.code", offsetof(GError, code)); SHOW("gerror.message", offsetof(GError, message));
                SHOW("gboolean.size", sizeof(gboolean));
                return 0;
            }
            """.write(to: source, atomically: true, encoding: .utf8)
        let cflags = String(decoding: flags.output, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        let built = try Support.run(compiler, cflags + [source.path, "-o", program.path])
        try #require(built.status == 0, "the C program against rsvg.h did not compile")
        let ran = try Support.run(program.path, [])
        var values: [String: Int] = [:]
        for line in String(decoding: ran.output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            values[String(parts[0])] = Int(parts[1])
        }
        return values
    }

    @Test func unitNumbersAndStructLayoutsMatchTheRealHeader() throws {
        let real = try Self.realHeader()
        let units: [(String, spc_rsvg_unit)] = [
            ("PERCENT", SPC_RSVG_UNIT_PERCENT), ("PX", SPC_RSVG_UNIT_PX), ("EM", SPC_RSVG_UNIT_EM), ("EX", SPC_RSVG_UNIT_EX),
            ("IN", SPC_RSVG_UNIT_IN), ("CM", SPC_RSVG_UNIT_CM), ("MM", SPC_RSVG_UNIT_MM), ("PT", SPC_RSVG_UNIT_PT),
            ("PC", SPC_RSVG_UNIT_PC),
        ]
        for (name, unit) in units {
            #expect(real[name] == Int(unit.rawValue), "RSVG_UNIT_\(name): rsvg.h says \(real[name] ?? -1), the loader \(unit.rawValue)")
        }
        typealias Length = spc_rsvg_length
        typealias Rectangle = spc_rsvg_rectangle
        typealias GError = spc_gerror
        let mirrored: [String: Int?] = [
            "unit.size": MemoryLayout<spc_rsvg_unit>.size,
            "length.size": MemoryLayout<Length>.size, "length.length": MemoryLayout<Length>.offset(of: \.length),
            "length.unit": MemoryLayout<Length>.offset(of: \.unit),
            "rectangle.size": MemoryLayout<Rectangle>.size, "rectangle.x": MemoryLayout<Rectangle>.offset(of: \.x),
            "rectangle.y": MemoryLayout<Rectangle>.offset(of: \.y), "rectangle.width": MemoryLayout<Rectangle>.offset(of: \.width),
            "rectangle.height": MemoryLayout<Rectangle>.offset(of: \.height),
            "gerror.size": MemoryLayout<GError>.size, "gerror.domain": MemoryLayout<GError>.offset(of: \.domain),
            "gerror.code": MemoryLayout<GError>.offset(of: \.code), "gerror.message": MemoryLayout<GError>.offset(of: \.message),
            // The loader's function pointers take gboolean as int (and Swift sees Int32).
            "gboolean.size": MemoryLayout<Int32>.size,
        ]
        for (name, value) in mirrored {
            #expect(real[name] != nil && real[name] == value, "\(name): rsvg.h says \(real[name] ?? -1), the loader \(value ?? -1)")
        }
    }

    @Test func theRealLibraryReportsEachUnitAsTheLoaderNumbersIt() throws {
        // Behaviour, not the header: librsvg itself parses a width in each unit.
        var failure: UnsafePointer<CChar>? = nil
        let loaded = spc_rsvg_load(&failure)
        let rsvg = try #require(loaded, "librsvg: \(failure.map { String(cString: $0) } ?? "")").pointee
        let cases: [(String, spc_rsvg_unit)] = [
            ("50%", SPC_RSVG_UNIT_PERCENT), ("3", SPC_RSVG_UNIT_PX), ("3px", SPC_RSVG_UNIT_PX), ("3em", SPC_RSVG_UNIT_EM),
            ("3ex", SPC_RSVG_UNIT_EX), ("3in", SPC_RSVG_UNIT_IN), ("3cm", SPC_RSVG_UNIT_CM), ("3mm", SPC_RSVG_UNIT_MM),
            ("3pt", SPC_RSVG_UNIT_PT), ("3pc", SPC_RSVG_UNIT_PC),
        ]
        for (text, unit) in cases {
            let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(text)" height="1in"/>"#.utf8)
            let handle = try #require(svg.withUnsafeBufferPointer { rsvg.handle_new_from_data($0.baseAddress, $0.count, nil) })
            defer { rsvg.object_unref(handle) }
            var hasWidth: Int32 = 0, hasHeight: Int32 = 0, hasViewBox: Int32 = 0
            var width = spc_rsvg_length(), height = spc_rsvg_length(), viewBox = spc_rsvg_rectangle()
            rsvg.handle_get_intrinsic_dimensions(handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox)
            #expect(width.unit == unit, "width=\"\(text)\": librsvg says unit \(width.unit.rawValue), the loader expects \(unit.rawValue)")
            #expect(width.length == (text == "50%" ? 0.5 : 3), "width=\"\(text)\"")
            #expect(height.unit == SPC_RSVG_UNIT_IN && height.length == 1 && hasViewBox == 0)
        }
    }
}
