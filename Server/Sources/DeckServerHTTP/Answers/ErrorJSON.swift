import Hummingbird

/// An error answer: `{"success": false, "error": "…"}`, with the status it goes with.
struct ErrorJSON: JSONAnswer, Sendable {
    var success = false
    var error: String
    var status: HTTPResponse.Status

    enum CodingKeys: String, CodingKey {
        case success, error
    }

    init(_ error: String, status: HTTPResponse.Status) {
        self.error = error
        self.status = status
    }
}
