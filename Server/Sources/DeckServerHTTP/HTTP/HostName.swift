/// The `host[:port]` of a `Host` or `X-Forwarded-Host` header (RFC 9110 §7.2): a DNS name or
/// IPv4 address of letters, digits, dots and hyphens, or an IPv6 address in brackets, then an
/// optional port of 0 to 65535. Anything else (quotes, slashes, `?`, spaces, markup) is not a
/// host, so it can never reach a link the server writes.
enum HostName {
    /// Whether `text` is a well-formed `host[:port]`.
    static func isValid(_ text: Substring) -> Bool {
        // Bytes, not Characters: this runs on every request.
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 261 else { return false }
        let colon = UInt8(ascii: ":"), dot = UInt8(ascii: "."), dash = UInt8(ascii: "-")
        var portStart: Substring.UTF8View.Index?
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let inside = bytes[bytes.index(after: bytes.startIndex)..<close]
            guard !inside.isEmpty, inside.allSatisfy({ isHexDigit($0) || $0 == colon || $0 == dot }) else { return false }
            let after = bytes.index(after: close)
            if after != bytes.endIndex {
                guard bytes[after] == colon else { return false }
                portStart = bytes.index(after: after)
            }
        } else {
            var hostEnd = bytes.endIndex
            if let found = bytes.firstIndex(of: colon) {
                hostEnd = found
                portStart = bytes.index(after: found)
            }
            let host = bytes[bytes.startIndex..<hostEnd]
            guard !host.isEmpty, host.count <= 253, host.allSatisfy({ isLetterOrDigit($0) || $0 == dot || $0 == dash }) else {
                return false
            }
        }
        if let portStart {
            let port = bytes[portStart...]
            guard (1...5).contains(port.count), port.allSatisfy(isDigit) else { return false }
            guard port.reduce(0, { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) <= 65535 else { return false }
        }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
