import DeckService
import Hummingbird

/// A refusal answered as deckofcardsapi answers it, for apps that read its status and `error`:
/// the reference's status and words, and ours in `detail`.
struct ReferenceRefusal: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    /// deckofcardsapi's message, word for word.
    let error: String
    /// What was wrong, in our words.
    let detail: String

    /// The reference's `status` and `error`, and what was wrong in our words.
    init(_ status: HTTPResponse.Status, _ error: String, detail: String) {
        self.status = status
        self.error = error
        self.detail = detail
    }

    /// The reference's `status` and `error` for what `refused` says in our words.
    init(_ status: HTTPResponse.Status, _ error: String, refused: ServiceError) {
        self.init(status, error, detail: refused.apiMessage)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try ErrorJSON(error, detail: detail, status: status).response(from: request, context: context)
    }
}
