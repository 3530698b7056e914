import DeckTestSupport
extension TestServer {
    /// The value of the series `name` (one without labels) in `/metrics`; `nil` when it is not
    /// there.
    func metric(_ name: String) async throws -> Double? {
        let text = try await get("/metrics").text
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, parts[0] == name { return Double(parts[1]) }
        }
        return nil
    }
}

extension RawConnection {
    /// Sends `GET path` as HTTP/1.1 with `headers`, keeping the connection alive.
    func get(_ path: String, headers: [(String, String)] = []) throws {
        try send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n")
    }
}
