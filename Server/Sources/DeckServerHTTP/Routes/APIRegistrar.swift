import Synchronization
import DeckService
import Hummingbird
import NIOCore
import NIOHTTP1

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
    let creationLimiter: ClientBudget?
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
                if let wait = isHead ? limiter.timeUntil(for: client) : limiter.take(for: client) {
                    throw RateLimitedError.creations(perMinute: limiter.capacity, retryAfter: wait)
                }
            }
            let parameters = try await RequestParameters.read(from: request)
            let strict = parameters["strict"] == nil ? strictByDefault : try parameters.flag("strict")
            return try await handler(APIRequest(
                request: request, context: context, parameters: parameters, base: publicURL.base(for: request),
                service: isHead ? dryRun : service, strictness: strict ? .strict : .lenient))
        }
    }

    /// Answers `path`, a change whose body is a file, with `handler` for POST only: parameters
    /// come from the query, or from a form body (of at most 64 KiB), which is then no file.
    /// `admit` runs first, so that a request it refuses (no token, not allowed, past a budget)
    /// is answered before a file's bytes are read; then the file (`nil` when empty) is read up
    /// to `maximumBytes`, past it 413. At most ``filesReadAtOnce`` files are read at once: past
    /// it 503 before reading, so that uploads hold at most that many times `maximumBytes`.
    func upload<Output: ResponseGenerator>(
        _ path: String, maximumBytes: Int, admit: @escaping @Sendable (APIRequest) async throws -> Void,
        _ handler: @escaping @Sendable (APIRequest, ByteBuffer?) async throws -> Output
    ) {
        let (publicURL, service) = (publicURL, service)
        router.post(RouterPath(path)) { request, context in
            var parameters = try RequestParameters(query: request.uri.query)
            let isForm = request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            func api() -> APIRequest {
                APIRequest(
                    request: request, context: context, parameters: parameters, base: publicURL.base(for: request),
                    service: service, strictness: .strict)
            }
            if isForm {
                let form = try await Self.collect(request, upTo: 64 * 1024)
                try parameters.add(encoded: Substring(String(buffer: form)))
                try await admit(api())
                return try await handler(api(), nil)
            }
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumBytes {
                // Refused from its length alone, before any of it is read. The connection stays
                // open: a client still sending would find it closed and lose the answer.
                throw RequestError(
                    .contentTooLarge, "the request body is larger than \(maximumBytes / 1024 / 1024) MiB: send a smaller file")
            }
            try await admit(api())
            guard Self.filesRead.withLock({ reading in
                guard reading < Self.filesReadAtOnce else { return false }
                reading += 1
                return true
            }) else {
                throw RequestError(.serviceUnavailable, "the server is receiving \(Self.filesReadAtOnce) files already: try again in a few seconds")
            }
            defer { Self.filesRead.withLock { $0 -= 1 } }
            let body = try await Self.collect(request, upTo: maximumBytes)
            return try await handler(api(), body.readableBytes > 0 ? body : nil)
        }
        routes.add(method: "POST", path: path)
    }

    /// The most uploaded files read at once, server-wide.
    static let filesReadAtOnce = 8
    private static let filesRead = Mutex(0)

    /// The body of `request`, refused past `maximumBytes` (413) or when malformed (400).
    private static func collect(_ request: Request, upTo maximumBytes: Int) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            let limit = maximumBytes >= 1024 * 1024 ? "\(maximumBytes / 1024 / 1024) MiB" : "\(maximumBytes / 1024) KiB"
            throw RequestError(.contentTooLarge, "the request body is larger than \(limit): send a smaller file")
        } catch let error as HTTPParserError {
            throw RequestError(.badRequest, "the request body is malformed (\(error)): send a Content-Length body or well-formed chunks",
                               closesConnection: true)
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
