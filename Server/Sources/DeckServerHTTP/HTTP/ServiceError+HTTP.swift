import DeckService
import Hummingbird

/// The service's refusals as HTTP answers: the status for the error's kind, and a message in
/// the API's own words (its parameter names, its paths).
extension ServiceError: HTTPResponseError {
    public var status: HTTPResponse.Status {
        switch kind {
        case .badRequest, .cardsMissing: .badRequest
        case .notFound: .notFound
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .conflict: .conflict
        case .tooLarge: .contentTooLarge
        case .tooMany: .tooManyRequests
        case .unavailable: .serviceUnavailable
        case .internalFailure: .internalServerError
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        if subject == .store {
            // What the database or the disk said is for the operator, not for clients.
            context.logger.error("the store failed", metadata: ["path": "\(request.uri.path)", "error": "\(self)"])
        }
        var response = try ErrorJSON(apiMessage, status: status).response(from: request, context: context)
        switch kind {
        case .unauthorized: response.headers[.wwwAuthenticate] = "Bearer"
        case .unavailable: response.headers[.retryAfter] = "2"
        case .tooMany: response.headers[.retryAfter] = "5"
        default: break
        }
        return response
    }

    /// The message clients see.
    var apiMessage: String {
        switch (kind, subject) {
        case (.notFound, .deck):
            return "Deck ID does not exist: there is no deck \(Self.quoted(value ?? "")) (decks idle for a long time are deleted)"
        case (.notFound, .game):
            return worded(naming: "game") + "; start a new one with POST /api/memory/new/"
        case (.notFound, .table):
            return worded(naming: "table") + "; make one with POST /api/table/new/"
        case (.unauthorized, .token):
            return worded(naming: subject.parameterName) + " (send it as Authorization: Bearer <token>, or ?token= for the event stream)"
        case (.unavailable, .eventStreams):
            return worded(naming: "event streams")
        case (.unavailable, .store):
            return "the database is unavailable right now: try again in a few seconds"
        case (_, .store):
            return "the server could not read or write its data: the fault is logged; try again or report it"
        default:
            return worded(naming: subject.parameterName)
        }
    }
}

extension ServiceError.Subject {
    /// The subject as the API names it: the query or form parameter, or the path's part.
    var parameterName: String {
        switch self {
        case .deckCount: "deck_count"
        case .cards: "cards"
        case .count: "count"
        case .pileName: "pile name"
        case .seed: "seed"
        case .clientSeed: "client_seed"
        case .theme: "theme"
        case .pairs: "pairs"
        case .cardIndex: "card index"
        case .deck: "deck"
        case .pile: "pile"
        case .game: "game"
        case .table: "table"
        case .playerName: "name"
        case .seats: "seats"
        case .token: "the seat token"
        case .eventStreams: "event streams"
        case .stack: "stack"
        case .handle: "handle"
        case .position: "position"
        case .layout: "layout"
        case .rotation: "rotation"
        case .label: "label"
        case .seat: "seat"
        case .version: "expected_version"
        case .undo: "undo"
        case .request: "the request"
        case .store: "the store"
        case .colour: "colour"
        case .watchLink: "watch link"
        case .background: "background image"
        }
    }
}
