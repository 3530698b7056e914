/// The head of an HTTP/1.1 response: its status and how its body is framed, read from its
/// bytes without making strings (its text is made only for a message about a refusal).
package struct ResponseHead: Sendable {
    /// The status code (0 when the status line cannot be read).
    package var status = 0
    /// The `Content-Length`, when the body has one.
    package var contentLength: Int?
    /// Whether the body is sent in chunks (`Transfer-Encoding: chunked`).
    package var chunked = false
    /// Whether the server closes the connection after this answer (`Connection: close`).
    package var closes = false
    /// The head as text when the status is not 200, for messages.
    package var text = ""

    /// The number of bytes of `bytes` that the head takes, the blank line included, or `nil`
    /// while its end has not arrived.
    package static func length(in bytes: UnsafeRawBufferPointer) -> Int? {
        ByteSearch.find("\r\n\r\n", in: bytes).map { $0 + 4 }
    }

    /// Reads a complete head (as `length(in:)` measured it).
    package init(_ bytes: UnsafeRawBufferPointer) {
        // "HTTP/1.1 200 OK": the status is the three digits after the first space.
        if bytes.count >= 12, bytes[8] == UInt8(ascii: " ") {
            status = Self.number(bytes, from: 9, to: 12) ?? 0
        }
        var lineStart = 0
        while let end = ByteSearch.find("\r\n", in: bytes, from: lineStart), end > lineStart {
            if lineStart > 0 { header(UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end])) }
            lineStart = end + 2
        }
        if status != 200 { text = String(decoding: bytes, as: UTF8.self) }
    }

    private mutating func header(_ line: UnsafeRawBufferPointer) {
        if Self.hasName("content-length:", line) {
            contentLength = Self.number(line, from: 15, to: line.count)
        } else if Self.hasName("transfer-encoding:", line) {
            chunked = Self.contains("chunked", line)
        } else if Self.hasName("connection:", line) {
            closes = Self.contains("close", line)
        }
    }

    /// Whether `line` starts with `name` (lowercase ASCII, ending with its colon), in any case.
    private static func hasName(_ name: StaticString, _ line: UnsafeRawBufferPointer) -> Bool {
        let pattern = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard line.count >= pattern.count else { return false }
        // Setting bit 5 lowercases a letter and leaves '-' and ':' as they are.
        return pattern.indices.allSatisfy { line[$0] | 0x20 == pattern[$0] }
    }

    /// Whether `line` holds `word` (lowercase ASCII), in any case.
    private static func contains(_ word: StaticString, _ line: UnsafeRawBufferPointer) -> Bool {
        let pattern = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard line.count >= pattern.count else { return false }
        return (0...(line.count - pattern.count)).contains { start in
            pattern.indices.allSatisfy { line[start + $0] | 0x20 == pattern[$0] }
        }
    }

    /// The decimal number in `bytes[from..<to]`, spaces around it skipped.
    private static func number(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        var value = 0
        var digits = 0
        for index in from..<to {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte != UInt8(ascii: " ") {
                break
            }
        }
        return digits > 0 ? value : nil
    }
}
