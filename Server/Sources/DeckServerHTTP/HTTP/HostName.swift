/// The `host[:port]` of a `Host` or `X-Forwarded-Host` header (RFC 9110 §7.2): a DNS name or
/// IPv4 address of letters, digits, dots and hyphens, or an IPv6 address in brackets, then an
/// optional port of 0 to 65535. Anything else (quotes, slashes, `?`, spaces, markup) is not a
/// host, so it can never reach a link the server writes.
enum HostName {
    /// Whether `text` is a well-formed `host[:port]`.
    static func isValid(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 261 else { return false }
        var host = text
        var port: Substring?
        if text.first == "[" {
            guard let close = text.firstIndex(of: "]") else { return false }
            let inside = text[text.index(after: text.startIndex)..<close]
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return false }
                port = rest.dropFirst()
            }
            host = ""
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }), Int(port)! <= 65535 else { return false }
        }
        if text.first != "[" {
            guard !host.isEmpty, host.utf8.count <= 253,
                  host.utf8.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
            else { return false }
        }
        return true
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
