import DeckService
import Hummingbird

/// What an API handler gets: the request, its parameters, the base URL for links, and the
/// service to answer it with.
struct APIRequest: Sendable {
    var request: Request
    var context: DeckRequestContext
    var parameters: RequestParameters
    var base: String
    /// The service, or for a HEAD request its dry run: HEAD answers what GET would, and changes
    /// nothing.
    var service: DeckService
    /// Whether a request deckofcardsapi carries out in part is refused whole (`strict=true`, or
    /// the server's `--strict`) or done in part as the reference does (the default).
    var strictness: Strictness

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
    /// The service API handlers answer with.
    let service: DeckService
    /// Whether requests are strict unless they say `strict=false` (the server's `--strict`).
    let strictByDefault: Bool

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
        let (service, dryRun, strictByDefault) = (service, service.dryRun, strictByDefault)
        return { request, context in
            let isHead = request.method == .head
            if let limiter {
                let client = ClientAddress.of(request, context: context, trustsProxy: publicURL.trustsProxy)
                // HEAD creates nothing, so it takes no token, but is refused when a GET would be.
                if let wait = isHead ? limiter.timeUntilToken(for: client) : limiter.take(for: client) {
                    throw RateLimitedError(perMinute: limiter.perMinute, retryAfter: wait)
                }
            }
            let parameters = try await RequestParameters.read(from: request)
            let strict = parameters["strict"] == nil ? strictByDefault : try parameters.flag("strict")
            return try await handler(APIRequest(
                request: request, context: context, parameters: parameters, base: publicURL.base(for: request),
                service: isHead ? dryRun : service, strictness: strict ? .strict : .lenient))
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
