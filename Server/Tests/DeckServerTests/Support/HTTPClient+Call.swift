import AsyncHTTPClient
import NIOCore
import NIOHTTP1

extension HTTPClient {
    /// A request to `url` with `headers`, and `form` as its body when given.
    func call(_ url: String, method: HTTPMethod = .GET, form: String? = nil, headers: [(String, String)] = []) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let form { request.body = .bytes(ByteBuffer(string: form)) }
        let response = try await execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Array(buffer: body))
    }
}
