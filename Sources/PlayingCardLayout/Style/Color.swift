/// An sRGB colour with alpha, 8 bits a channel.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, green, blue and alpha, 0–255.
    public var red, green, blue, alpha: UInt8

    /// A colour from its channels; opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// White.
    public static let white = Color(red: 255, green: 255, blue: 255)

    /// Reads `#rgb`, `#rrggbb`, `#rrggbbaa` (the `#` may be left out) or one of ``names``.
    ///
    /// - Throws: ``ColorError`` naming the text and the forms accepted.
    public init(parsing text: String) throws(ColorError) {
        if let fast = Self.hex(text.utf8) {
            self = fast
            return
        }
        let trimmed = text.trimmingWhitespace().lowercased()
        if let named = Self.names[trimmed] {
            self = named
            return
        }
        let hex = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        let digits = hex.compactMap { $0.hexDigitValue }
        guard digits.count == hex.count else { throw ColorError(text: text) }
        func byte(_ i: Int) -> UInt8 { UInt8(digits[i] * 16 + digits[i + 1]) }
        switch digits.count {
        case 3: self.init(red: UInt8(digits[0] * 17), green: UInt8(digits[1] * 17), blue: UInt8(digits[2] * 17))
        case 6: self.init(red: byte(0), green: byte(2), blue: byte(4))
        case 8: self.init(red: byte(0), green: byte(2), blue: byte(4), alpha: byte(6))
        default: throw ColorError(text: text)
        }
    }

    /// `#rrggbb` or `#rrggbbaa` read straight from bytes: the common case, and quick.
    private static func hex(_ utf8: String.UTF8View) -> Color? {
        guard utf8.count == 7 || utf8.count == 9, utf8.first == UInt8(ascii: "#") else { return nil }
        var values: [UInt8] = []
        var high: UInt8? = nil
        for byte in utf8.dropFirst() {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let h = high { values.append(h << 4 | digit); high = nil } else { high = digit }
        }
        return Color(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 255)
    }

    /// The colour names ``init(parsing:)`` knows.
    public static let names: [String: Color] = [
        "black": .black, "white": .white,
        "red": Color(red: 0xC8, green: 0x10, blue: 0x2E), "darkred": Color(red: 0x8B, green: 0, blue: 0),
        "blue": Color(red: 0x1F, green: 0x4E, blue: 0xB4), "navy": Color(red: 0x1B, green: 0x2A, blue: 0x5C),
        "green": Color(red: 0x1B, green: 0x7F, blue: 0x3B), "darkgreen": Color(red: 0x0F, green: 0x4D, blue: 0x2A),
        "gold": Color(red: 0xD9, green: 0xA4, blue: 0x1E), "purple": Color(red: 0x5B, green: 0x2A, blue: 0x86),
        "gray": Color(red: 0x80, green: 0x80, blue: 0x80), "grey": Color(red: 0x80, green: 0x80, blue: 0x80),
        "orange": Color(red: 0xE0, green: 0x6C, blue: 0x00),
    ]

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        func hex(_ v: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }
}

/// A colour that could not be read.
public struct ColorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text given.
    public let text: String

    /// Names the text and the forms accepted.
    public var description: String {
        "'\(text)' is not a colour: use #rgb, #rrggbb, #rrggbbaa or one of \(Color.names.keys.sorted().joined(separator: ", "))"
    }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
