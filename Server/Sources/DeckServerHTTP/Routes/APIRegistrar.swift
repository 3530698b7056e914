import DeckService
import Hummingbird

/// What an API handler gets: the request, its parameters, and the base URL for links.
struct APIRequest: Sendable {
    var request: Request
    var context: DeckRequestContext
    var parameters: RequestParameters
    var base: String

    /// A path parameter, percent-decoded.
    func path(_ name: String) throws -> String {
        let raw = try context.parameters.require(name)
        return raw.removingPercentEncoding ?? raw
    }
}

/// Adds routes to the router and keeps the list of what it added in a ``RouteTable``.
struct APIRegistrar {
    let router: Router<DeckRequestContext>
    let publicURL: PublicURL
    let routes: RouteTable
    /// The per-client limit on routes that create decks and games; `nil` for none.
    let creationLimiter: CreationRateLimiter?

    /// Answers `path` with `handler` for GET and for POST (query or form parameters), as
    /// deckofcardsapi does, even for changes: its users call them that way. With or without a
    /// trailing slash.
    /// `creates` puts the route under the per-client creation limit.
    func api<Output: ResponseGenerator>(
        _ path: String, creates: Bool = false, _ handler: @escaping @Sendable (APIRequest) async throws -> Output
    ) {
        let respond = responder(creates: creates, handler)
        router.get(RouterPath(path), use: respond)
        router.post(RouterPath(path), use: respond)
        routes.add(method: "GET", path: path)
        routes.add(method: "POST", path: path)
    }

    /// Answers `path`, a change, with `handler` for POST only: a GET there is answered 405, so
    /// that a link, a prefetch or a crawler cannot change anything.
    func change<Output: ResponseGenerator>(
        _ path: String, creates: Bool = false, _ handler: @escaping @Sendable (APIRequest) async throws -> Output
    ) {
        router.post(RouterPath(path), use: responder(creates: creates, handler))
        routes.add(method: "POST", path: path)
    }

    private func responder<Output: ResponseGenerator>(
        creates: Bool, _ handler: @escaping @Sendable (APIRequest) async throws -> Output
    ) -> @Sendable (Request, DeckRequestContext) async throws -> Output {
        let publicURL = publicURL
        let limiter = creates ? creationLimiter : nil
        return { request, context in
            if let limiter {
                let client = ClientAddress.of(request, context: context, trustsProxy: publicURL.trustsProxy)
                if let wait = limiter.take(for: client) { throw RateLimitedError(perMinute: limiter.perMinute, retryAfter: wait) }
            }
            let parameters = try await RequestParameters.read(from: request)
            return try await handler(APIRequest(request: request, context: context, parameters: parameters,
                                                 base: publicURL.base(for: request)))
        }
    }

    /// Answers GET `path` with `handler`.
    func get<Output: ResponseGenerator>(
        _ path: String, _ handler: @escaping @Sendable (Request, DeckRequestContext) async throws -> Output
    ) {
        router.get(RouterPath(path), use: handler)
        routes.add(method: "GET", path: path)
    }
}
