import DeckService
import Hummingbird

/// What an API handler gets: the request, its parameters, and the base URL for links.
struct APIRequest: Sendable {
    var request: Request
    var context: BasicRequestContext
    var parameters: RequestParameters
    var base: String

    /// A path parameter, percent-decoded.
    func path(_ name: String) throws -> String {
        let raw = try context.parameters.require(name)
        return raw.removingPercentEncoding ?? raw
    }
}

/// Adds routes to the router and keeps the list of what it added, so that a test can hold the
/// OpenAPI description against the routes the server really has.
final class APIRegistrar {
    let router = Router(context: BasicRequestContext.self)
    let publicURL: PublicURL
    /// Every route added: method and path (`:name` for parameters).
    private(set) var routes: [(method: String, path: String)] = []

    init(publicURL: PublicURL) {
        self.publicURL = publicURL
    }

    /// Answers `path` with `handler` for GET and for POST (query or form parameters), as
    /// deckofcardsapi does; with or without a trailing slash.
    func api(_ path: String, _ handler: @escaping @Sendable (APIRequest) async throws -> Response) {
        let publicURL = publicURL
        let respond: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, context in
            let parameters = try await RequestParameters.read(from: request)
            return try await handler(APIRequest(request: request, context: context, parameters: parameters,
                                                 base: publicURL.base(for: request)))
        }
        router.get(RouterPath(path), use: respond)
        router.post(RouterPath(path), use: respond)
        routes += [("GET", path), ("POST", path)]
    }

    /// Answers GET `path` with `handler`.
    func get(_ path: String, _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> Response) {
        router.get(RouterPath(path), use: handler)
        routes.append(("GET", path))
    }
}
