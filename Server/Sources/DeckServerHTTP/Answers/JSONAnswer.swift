import Hummingbird

/// An answer of the API: a model whose `CodingKeys` hold the wire names, sent as JSON with
/// ``AnswerEncoder``.
package protocol JSONAnswer: Encodable, ResponseGenerator {
    /// The status the answer goes with; 200 unless the model says otherwise.
    var status: HTTPResponse.Status { get }

    /// Whether the answer holds what only its caller may see (a hand, a seat's token): then it
    /// says `Cache-Control: no-store`. `false` unless the model says otherwise.
    var isPrivate: Bool { get }

    /// The answer's JSON text: by ``AnswerEncoder`` unless the model writes itself faster.
    func jsonBytes() throws -> [UInt8]
}

extension JSONAnswer {
    package var status: HTTPResponse.Status { .ok }

    package var isPrivate: Bool { false }

    package func jsonBytes() throws -> [UInt8] {
        try AnswerEncoder().encode(self)
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Self.response(try jsonBytes(), status: status)
        if isPrivate { response.headers[.cacheControl] = "no-store" }
        return response
    }

    /// A JSON response with `bytes` as its body.
    package static func response(_ bytes: [UInt8], status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
