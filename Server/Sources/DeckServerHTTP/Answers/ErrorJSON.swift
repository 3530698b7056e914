import Hummingbird

/// An error answer: `{"success": false, "error": "…"}`, with the status it goes with; a
/// refusal in deckofcardsapi's words carries ours in `detail`.
struct ErrorJSON: JSONAnswer, Sendable {
    var success = false
    var error: String
    var detail: String?
    var status: HTTPResponse.Status

    enum CodingKeys: String, CodingKey {
        case success, error, detail
    }

    init(_ error: String, detail: String? = nil, status: HTTPResponse.Status) {
        self.error = error
        self.detail = detail
        self.status = status
    }
}
