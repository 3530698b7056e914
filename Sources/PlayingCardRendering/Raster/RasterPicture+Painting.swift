extension RasterPicture {
    /// Paints the picture over a band of pixels (ARGB32, `stride` bytes a row, its first row the
    /// picture's row `top`) inside `visible`, upright or turned 180° about the point whose
    /// doubled coordinates are `turnedAbout`.
    ///
    /// Cairo's OVER with the same arithmetic as pixman's (which Cairo paints with): each channel
    /// of the pixel below is multiplied by 255 − alpha, rounded, divided by 255 and added to the
    /// picture's, at most 255. Turning reads the rows and pixels backwards, so the turned half
    /// needs no copy of its own.
    func paint(into pixels: UnsafeMutableRawPointer, stride: Int, top: Int, visible: PixelBox, turnedAbout: (x2: Int, y2: Int)?) {
        // Where the picture lies on the canvas, upright or turned.
        let placed = turnedAbout.map { c in PixelBox(x0: c.x2 - box.x1, y0: c.y2 - box.y1, x1: c.x2 - box.x0, y1: c.y2 - box.y0) } ?? box
        let area = visible.intersection(placed)
        guard !area.isEmpty else { return }
        let source = memory.bytes.assumingMemoryBound(to: UInt32.self)
        for y in area.y0..<area.y1 {
            let target = (pixels + (y - top) * stride).assumingMemoryBound(to: UInt32.self)
            if let c = turnedAbout {
                // Canvas (x, y) shows the picture's pixel at (c.x2 - 1 - x, c.y2 - 1 - y).
                let row = source + (c.y2 - 1 - y - box.y0) * width
                let last = c.x2 - 1 - box.x0
                var x = area.x0
                while x + 4 <= area.x1 {
                    // Pixels last - x - 3 ... last - x, in the order they land: backwards.
                    let read = UnsafeRawPointer(row + last - x - 3).loadUnaligned(as: SIMD4<UInt32>.self)
                    Self.paint(SIMD4(read[3], read[2], read[1], read[0]), onto: target + x)
                    x += 4
                }
                while x < area.x1 {
                    target[x] = Self.over(row[last - x], target[x])
                    x += 1
                }
            } else {
                let row = source + (y - box.y0) * width - box.x0
                var x = area.x0
                while x + 4 <= area.x1 {
                    Self.paint(UnsafeRawPointer(row + x).loadUnaligned(as: SIMD4<UInt32>.self), onto: target + x)
                    x += 4
                }
                while x < area.x1 {
                    target[x] = Self.over(row[x], target[x])
                    x += 1
                }
            }
        }
    }

    /// Paints four pixels over `target`: nothing where all are clear, a plain store where all
    /// are opaque (most of a figure), else one at a time.
    @inline(__always)
    static func paint(_ four: SIMD4<UInt32>, onto target: UnsafeMutablePointer<UInt32>) {
        if four == .zero { return }
        if all(four .>= 0xFF00_0000) {
            UnsafeMutableRawPointer(target).storeBytes(of: four, as: SIMD4<UInt32>.self)
            return
        }
        for i in 0..<4 { target[i] = over(four[i], target[i]) }
    }

    /// `source` over `destination`, premultiplied ARGB32, rounded as pixman rounds.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let alpha = source >> 24
        if alpha == 255 { return source }
        if source == 0 { return destination }
        let inverse = 255 - alpha
        // Red and blue, then alpha and green, two channels at a time as pixman does.
        func scaled(_ pair: UInt32) -> UInt32 {
            var t = pair * inverse &+ 0x0080_0080
            t = (t &+ ((t >> 8) & 0x00FF_00FF)) >> 8
            return t & 0x00FF_00FF
        }
        func saturatingAdd(_ x: UInt32, _ y: UInt32) -> UInt32 {
            var t = x &+ y
            t |= 0x0100_0100 &- ((t >> 8) & 0x00FF_00FF)
            return t & 0x00FF_00FF
        }
        let redBlue = saturatingAdd(scaled(destination & 0x00FF_00FF), source & 0x00FF_00FF)
        let alphaGreen = saturatingAdd(scaled((destination >> 8) & 0x00FF_00FF), (source >> 8) & 0x00FF_00FF)
        return redBlue | alphaGreen << 8
    }
}
