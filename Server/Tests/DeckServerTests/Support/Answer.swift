import NIOHTTP1

/// An HTTP answer: status, headers and the body.
struct Answer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        (self.status, self.headers, self.body) = (status, headers, body)
    }
}
