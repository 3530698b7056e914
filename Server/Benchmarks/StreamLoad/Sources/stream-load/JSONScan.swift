import DeckTestSupport
import NIOCore

/// Reads a few values out of the server's JSON answers without parsing them: the value after
/// the first occurrence of a key. The server writes its keys in a fixed order (`table_id`,
/// `version`, `remaining` before the seats and piles; a ticket's `seat` before its `table`), so
/// the first occurrence is the top-level one.
struct JSONScan {
    let bytes: UnsafeRawBufferPointer

    /// Runs `body` on the readable bytes of `buffer`.
    static func reading<T>(_ buffer: ByteBuffer, _ body: (JSONScan) -> T) -> T {
        buffer.withUnsafeReadableBytes { body(JSONScan(bytes: $0)) }
    }

    /// The offset just past the first `"key":` at or after `start`.
    func offset(after key: String, from start: Int = 0) -> Int? {
        guard start < bytes.count else { return nil }
        let needle = "\"\(key)\":"
        return ByteSearch.find(needle, in: bytes, from: start).map { $0 + needle.utf8.count }
    }

    /// The integer after the first `"key":`.
    func integer(_ key: String, from start: Int = 0) -> Int? {
        guard var index = offset(after: key, from: start) else { return nil }
        var value = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// The string after the first `"key":` (the server's ids, tokens and card codes need no
    /// unescaping).
    func string(_ key: String, from start: Int = 0) -> String? {
        guard let open = offset(after: key, from: start), open < bytes.count, bytes[open] == UInt8(ascii: "\"") else { return nil }
        var close = open + 1
        while close < bytes.count, bytes[close] != UInt8(ascii: "\"") { close += 1 }
        guard close < bytes.count else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(open + 1)..<close]), as: UTF8.self)
    }

    /// The first `limit` values of `"key":"…"` from `start` on, in order.
    func strings(_ key: String, from start: Int, limit: Int) -> [String] {
        var found: [String] = []
        var index = start
        while found.count < limit, let at = offset(after: key, from: index), let value = string(key, from: index) {
            found.append(value)
            index = at
        }
        return found
    }
}
