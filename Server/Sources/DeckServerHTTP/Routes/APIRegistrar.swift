import Synchronization
import DeckService
import Hummingbird
import NIOCore
import NIOHTTP1

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
    /// The uploads (``upload(_:maximumBytes:budget:admit:_:)``) in progress at once.
    let uploads = UploadsInProgress(total: 8, perClient: 2)

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
    /// come from the query, or from a form body (of at most 64 KiB, read before `admit`), which
    /// is then no file.
    ///
    /// A file is refused from the request's head, before any of it is read, in this order:
    /// - by `admit` (no token, not allowed), which also says whether the request sends a file;
    /// - a request that sends none but has a body: 400;
    /// - a file without a `Content-Length` (411), or with one past `maximumBytes` (413);
    /// - an address past its `budget` by that length (429): the length is taken from the budget
    ///   now, and `handler` settles the charge to what it stores (given back if it throws);
    /// - no place among ``uploads`` (503, try again in 2 s).
    ///
    /// Then the file (`nil` when empty) is read and `handler` runs in that place.
    func upload<Output: ResponseGenerator>(
        _ path: String, maximumBytes: Int, budget: ClientBudget?,
        admit: @escaping @Sendable (APIRequest) async throws -> UploadAdmission,
        _ handler: @escaping @Sendable (APIRequest, ByteBuffer?, UploadCharge) async throws -> Output
    ) {
        let (publicURL, service, uploads) = (publicURL, service, uploads)
        router.post(RouterPath(path)) { request, context in
            var parameters = try RequestParameters(query: request.uri.query)
            let isForm = request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            func api() -> APIRequest {
                APIRequest(
                    request: request, context: context, parameters: parameters, base: publicURL.base(for: request),
                    service: service, strictness: .strict)
            }
            let client = ClientAddress.of(request, context: context, trustsProxy: publicURL.trustsProxy)
            let charge = UploadCharge(budget: budget, client: client)
            if isForm {
                let form = try await Self.collect(request, upTo: 64 * 1024, sending: "fewer or shorter parameters")
                try parameters.add(encoded: Substring(String(buffer: form)))
                guard try await admit(api()) == .noFile else {
                    throw RequestError("the request sends a form, not a file: send the file itself as the body, with its own Content-Type")
                }
                return try await handler(api(), nil, charge)
            }
            guard try await admit(api()) == .file else {
                guard request.headers[.transferEncoding] == nil, request.headers[.contentLength].map({ $0 == "0" }) ?? true else {
                    throw RequestError("the request sends no file but has a body: send no body with these parameters")
                }
                return try await handler(api(), nil, charge)
            }
            let length = try Self.declaredLength(request, upTo: maximumBytes)
            try charge.take(length)
            if let refusal = uploads.enter(client) {
                charge.refund()
                switch refusal {
                case .serverFull(let total):
                    throw RequestError(.serviceUnavailable, "the server is taking \(total) files already: try again in a few seconds", retryAfter: 2)
                case .clientFull(let perClient):
                    throw RequestError(
                        .serviceUnavailable, "this address is sending \(perClient) files already: send one after another", retryAfter: 2)
                }
            }
            defer { uploads.leave(client) }
            do {
                let body = try await Self.collect(request, upTo: maximumBytes, sending: "a smaller file")
                return try await handler(api(), body.readableBytes > 0 ? body : nil, charge)
            } catch {
                charge.refund()
                throw error
            }
        }
        routes.add(method: "POST", path: path)
    }

    /// What an upload's `admit` found the request to send.
    enum UploadAdmission: Sendable {
        /// A file, as the body.
        case file
        /// No file: the parameters say all (a removal, say).
        case noFile
    }

    /// The file's length as the head declares it, refused before any of it is read: none
    /// (411), past `maximumBytes` (413). (A length that is not a number never comes here: NIO's
    /// parser answers it 400.) The connection stays open: a client still sending would find it
    /// closed and lose the answer.
    private static func declaredLength(_ request: Request, upTo maximumBytes: Int) throws -> Int {
        guard let text = request.headers[.contentLength] else {
            throw RequestError(.lengthRequired, "the request has no Content-Length: send the file with its length, not in chunks")
        }
        guard let length = Int(text), length <= maximumBytes else {
            throw RequestError(.contentTooLarge, "the request body is larger than \(maximumBytes / 1024 / 1024) MiB: send a smaller file")
        }
        return length
    }

    /// The body of `request`, refused past `maximumBytes` (413, telling the client to send
    /// `smaller`) or when malformed (400).
    private static func collect(_ request: Request, upTo maximumBytes: Int, sending smaller: String) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            let limit = maximumBytes >= 1024 * 1024 ? "\(maximumBytes / 1024 / 1024) MiB" : "\(maximumBytes / 1024) KiB"
            throw RequestError(.contentTooLarge, "the request body is larger than \(limit): send \(smaller)")
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
