import DeckService
import Hummingbird

/// A refusal because the table moved on (409): the error and the table as it is now.
struct TabletopConflict: HTTPResponseError {
    let refusal: ServiceError
    let table: TabletopJSON?

    var status: HTTPResponse.Status { .conflict }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try Answer(error: refusal.apiMessage, table: table).response(from: request, context: context)
    }

    private struct Answer: JSONAnswer, Sendable {
        var success = false
        var error: String
        var table: TabletopJSON?
        var status: HTTPResponse.Status { .conflict }
        var isPrivate: Bool { true }

        enum CodingKeys: String, CodingKey { case success, error, table }
    }
}
