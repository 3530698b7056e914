@testable import DeckServerHTTP
import Testing

/// `Host` values: a name or address with an optional port, and nothing else.
@Suite("Host names")
struct HostNameTests {
    @Test("names, IPv4 and bracketed IPv6 addresses with optional ports are accepted", arguments: [
        "localhost", "127.0.0.1:8080", "cards.example.org", "cards-1.example.org:443", "[::1]", "[::1]:8080",
        "[2001:db8::7]:65535", "a:0",
    ])
    func valid(_ host: String) {
        #expect(HostName.isValid(Substring(host)))
    }

    @Test("markup, paths, user info, bad ports and empty parts are refused", arguments: [
        "", "evil\"<script>", "evil.com/path?q=", "user@host", "host:", "host:99999", "host:123456", "host:8o",
        ":8080", "[::1", "[]", "[::1]x", "[g::1]", "ho st", "é.example", String(repeating: "a", count: 254),
    ])
    func invalid(_ host: String) {
        #expect(!HostName.isValid(Substring(host)))
    }
}
