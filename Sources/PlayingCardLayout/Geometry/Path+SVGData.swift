extension Path {
    /// Why SVG path data could not be read.
    public struct DataError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was wrong, with the offset into the data where it was found.
        public let description: String
    }

    /// Reads SVG path data (the `d` attribute): `M L H V C S Q T Z` in absolute and relative forms,
    /// numbers separated by spaces or commas. Arcs (`A`) are not supported; quadratic curves become
    /// cubic ones.
    ///
    /// - Throws: ``DataError`` naming the offset of the first thing that is not path data.
    public init(svgData data: String) throws(DataError) {
        var scanner = PathDataScanner(Array(data.utf8))
        var path = Path()
        var current = Point(x: 0, y: 0), start = current
        var lastControl: Point? = nil   // for S and T: the previous curve's second control point
        var lastQuadratic: Point? = nil
        var command: UInt8 = 0
        while true {
            scanner.skipSeparators()
            guard let byte = scanner.peek() else { break }
            if Self.isCommandLetter(byte) {
                command = byte
                scanner.advance()
            } else if command == 0 {
                throw DataError(description: "path data must start with a command letter, at offset \(scanner.offset)")
            } else if command == UInt8(ascii: "M") || command == UInt8(ascii: "m") {
                // Numbers after a move continue as lines.
                command = command == UInt8(ascii: "M") ? UInt8(ascii: "L") : UInt8(ascii: "l")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw DataError(description: "unexpected number after Z at offset \(scanner.offset)")
            }
            let relative = command >= UInt8(ascii: "a")
            func point() throws(DataError) -> Point {
                let x = try scanner.number(), y = try scanner.number()
                return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
            }
            var control: Point? = nil, quadratic: Point? = nil
            switch command | 0x20 {   // lower case
            case UInt8(ascii: "m"):
                current = try point(); start = current
                path.move(to: current)
            case UInt8(ascii: "l"):
                current = try point()
                path.line(to: current)
            case UInt8(ascii: "h"):
                let x = try scanner.number()
                current = Point(x: relative ? current.x + x : x, y: current.y)
                path.line(to: current)
            case UInt8(ascii: "v"):
                let y = try scanner.number()
                current = Point(x: current.x, y: relative ? current.y + y : y)
                path.line(to: current)
            case UInt8(ascii: "c"):
                let c1 = try point(), c2 = try point(), end = try point()
                path.curve(to: end, control1: c1, control2: c2)
                current = end; control = c2
            case UInt8(ascii: "s"):
                let c1 = lastControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = try point(), end = try point()
                path.curve(to: end, control1: c1, control2: c2)
                current = end; control = c2
            case UInt8(ascii: "q"), UInt8(ascii: "t"):
                let q: Point
                if command | 0x20 == UInt8(ascii: "q") {
                    q = try point()
                } else {
                    q = lastQuadratic.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                }
                let end = try point()
                path.curve(to: end,
                           control1: Point(x: current.x + 2 / 3 * (q.x - current.x), y: current.y + 2 / 3 * (q.y - current.y)),
                           control2: Point(x: end.x + 2 / 3 * (q.x - end.x), y: end.y + 2 / 3 * (q.y - end.y)))
                current = end; quadratic = q
            case UInt8(ascii: "z"):
                path.close()
                current = start
            default:
                throw DataError(description: "path command '\(Character(Unicode.Scalar(command)))' is not supported (use M L H V C S Q T Z), at offset \(scanner.offset - 1)")
            }
            lastControl = control
            lastQuadratic = quadratic
        }
        self = path
    }

    private static func isCommandLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") && byte != UInt8(ascii: "e"))
    }
}

/// Reads numbers and separators from path data.
private struct PathDataScanner {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
    mutating func advance() { offset += 1 }

    mutating func skipSeparators() {
        while let b = peek(), b == UInt8(ascii: " ") || b == UInt8(ascii: ",") || b == 0x0A || b == 0x0D || b == 0x09 {
            offset += 1
        }
    }

    mutating func number() throws(Path.DataError) -> Double {
        skipSeparators()
        let begin = offset
        var negative = false
        if let b = peek(), b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
            negative = b == UInt8(ascii: "-")
            offset += 1
        }
        // Digits into an integer mantissa and a power of ten; exact for the short numbers of path data.
        var mantissa: UInt64 = 0, exponent = 0, digits = 0, dot = false
        while let b = peek() {
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                if mantissa < 100_000_000_000_000_000 {
                    mantissa = mantissa * 10 + UInt64(b - UInt8(ascii: "0"))
                    if dot { exponent -= 1 }
                } else if !dot {
                    exponent += 1
                }
                digits += 1
                offset += 1
            } else if b == UInt8(ascii: ".") && !dot {
                dot = true
                offset += 1
            } else {
                break
            }
        }
        guard digits > 0 else { throw Path.DataError(description: "expected a number at offset \(begin)") }
        if let b = peek(), b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
            offset += 1
            var sign = 1, power = 0, powerDigits = 0
            if let s = peek(), s == UInt8(ascii: "-") || s == UInt8(ascii: "+") {
                sign = s == UInt8(ascii: "-") ? -1 : 1
                offset += 1
            }
            while let d = peek(), d >= UInt8(ascii: "0") && d <= UInt8(ascii: "9") {
                power = min(power * 10 + Int(d - UInt8(ascii: "0")), 400)
                powerDigits += 1
                offset += 1
            }
            guard powerDigits > 0 else { throw Path.DataError(description: "expected an exponent at offset \(offset)") }
            exponent += sign * power
        }
        var value = Double(mantissa)
        if exponent < 0 {
            for _ in 0..<(-exponent) { value /= 10 }
        } else {
            for _ in 0..<exponent { value *= 10 }
        }
        guard value.isFinite else { throw Path.DataError(description: "number out of range at offset \(begin)") }
        return negative ? -value : value
    }
}
