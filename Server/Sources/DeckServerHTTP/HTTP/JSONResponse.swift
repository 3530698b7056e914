import Foundation
import Hummingbird

/// JSON answers, written the same way everywhere.
enum JSONResponse {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()

    /// A response with `value` encoded as JSON.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? encoder.encode(value)) ?? Data(#"{"success":false,"error":"the answer could not be encoded"}"#.utf8)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A response with `value` written as JSON by ``JSONWriter``.
    static func make(_ value: some JSONWritable, status: HTTPResponse.Status = .ok) -> Response {
        var writer = JSONWriter()
        value.write(to: &writer)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: writer.bytes)))
    }

    /// An error answer.
    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        make(ErrorJSON(error: message), status: status)
    }
}
