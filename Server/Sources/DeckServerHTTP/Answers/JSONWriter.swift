/// Writes JSON text into bytes, token by token: the engine of ``AnswerEncoder``.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init() {
        bytes.reserveCapacity(512)
    }

    /// Opens an object: `{`. Members follow, each a ``key(_:)`` and a value, or a ``member(_:_:)``.
    mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Closes the object opened last: `}`.
    mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array: `[`. Its elements follow.
    mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Closes the array opened last: `]`.
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma = true
    }

    /// A member whose value is text: its name from a model's `CodingKeys`, then the value.
    mutating func member(_ key: some CodingKey, _ text: String) {
        self.key(key)
        value(text)
    }

    /// A member whose value is a whole number.
    mutating func member(_ key: some CodingKey, _ number: some BinaryInteger) {
        self.key(key)
        value(number)
    }

    /// A member whose value is `true` or `false`.
    mutating func member(_ key: some CodingKey, _ flag: Bool) {
        self.key(key)
        value(flag)
    }

    /// A member's name from a model's `CodingKeys`; its value follows.
    mutating func key(_ key: some CodingKey) {
        self.key(key.stringValue)
    }

    /// A member's name; its value follows.
    mutating func key(_ name: String) {
        separate()
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func value(_ text: String) {
        separate()
        string(text)
        needsComma = true
    }

    mutating func value(_ number: some BinaryInteger) {
        separate()
        bytes.append(contentsOf: String(number).utf8)
        needsComma = true
    }

    mutating func value(_ flag: Bool) {
        separate()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        needsComma = true
    }

    /// A number; JSON has no infinities or NaN, so those are written as `null`.
    mutating func value(_ number: Double) {
        separate()
        bytes.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
        needsComma = true
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// A string with `"`, `\` and control characters escaped; everything else as UTF-8.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (codes, links, names) need no escape: copy them whole, straight from the
        // string's own storage when it has one (a native string does).
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied ?? !text.utf8.contains(where: Self.needsEscape) {
            if copied == nil { bytes.append(contentsOf: text.utf8) }
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}
