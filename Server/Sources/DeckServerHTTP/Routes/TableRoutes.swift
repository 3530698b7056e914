import DeckService
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `/api/table/…`: card tables with private hands, their event streams, and the page at
/// `/table` that plays them.
///
/// A seat's actions take its token as `Authorization: Bearer <token>`; the event stream also
/// takes it as `?token=`, since browsers' `EventSource` cannot send headers (the access log
/// writes paths without their query, so the token is never logged).
struct TableRoutes: Sendable {
    let streams: EventStreamResponse

    func add(to router: APIRegistrar) {
        router.change("/api/table/new", creates: true) { api in
            var request = NewTableRequest(name: try Self.name(api))
            request.seats = try api.parameters.integer("seats", default: 4)!
            request.deckCount = try api.parameters.integer("deck_count", default: 1)!
            request.jokers = try api.parameters.flag("jokers_enabled")
            request.seed = try api.parameters.seed()
            // A layout file (`layout`, the JSON that export wrote) lays the table out as it says.
            let layout = try api.parameters["layout"].map { text throws(ServiceError) in try Tabletop.readLayout(text) }
            return SeatTicketJSON(try await api.service.newTable(request, layout: layout), base: api.base)
        }
        // A join takes a seat: limited per client as creations are, so no one fills every seat at once.
        router.change("/api/table/:table_id/join", creates: true) { api in
            SeatTicketJSON(try await api.service.joinTable(api.path("table_id"), name: Self.name(api)), base: api.base)
        }
        router.api("/api/table/:table_id") { api in
            TableJSON(try await api.service.table(api.path("table_id"), token: try Self.token(api, required: false)), base: api.base)
        }
        action(router, "draw") { id, token, api in
            try await api.service.drawAtTable(id, token: token, count: api.parameters.integer("count", default: 1)!)
        }
        action(router, "deal") { id, token, api in
            guard let count = try api.parameters.integer("count") else {
                throw RequestError.parameter("count", "is missing", allowed: "give the number of cards for each player, such as count=5")
            }
            return try await api.service.dealAtTable(id, token: token, count: count)
        }
        action(router, "play") { id, token, api in
            guard let cards = try api.parameters.cards() else {
                throw RequestError.parameter("cards", "is missing", allowed: "list the cards to play from your hand, such as cards=AS,2S")
            }
            return try await api.service.playAtTable(id, token: token, cards: cards, pile: Self.pile(api))
        }
        action(router, "take") { id, token, api in
            let take: PileTake
            switch (try api.parameters.cards(), try api.parameters.integer("count")) {
            case (let cards?, nil): take = .cards(cards)
            case (nil, let count): take = .count(count ?? 1)
            case (.some, .some): throw RequestError("count and cards exclude each other: take a number of cards from the top, or the cards named")
            }
            return try await api.service.takeFromTablePile(id, token: token, pile: Self.pile(api), take)
        }
        action(router, "shuffle") { id, token, api in try await api.service.shuffleTable(id, token: token) }
        action(router, "leave") { id, token, api in try await api.service.leaveTable(id, token: token) }
        let publicURL = router.publicURL
        streams.add("/api/table/:table_id/events", to: router) { [self] request, context in
            try await eventStream(request, context, publicURL: publicURL)
        }
    }

    /// A seat's action: POST only, with the seat's token.
    private func action(
        _ router: APIRegistrar, _ name: String, _ body: @escaping @Sendable (String, String, APIRequest) async throws -> TableView
    ) {
        router.change("/api/table/:table_id/\(name)") { api in
            let token = try Self.token(api, required: true)!
            return TableJSON(try await body(api.path("table_id"), token, api), base: api.base)
        }
    }

    /// The event stream: the current view at once, then one event per change (its `id` the
    /// table's version, its data the view), and a comment line when the table is quiet.
    private func eventStream(_ request: Request, _ context: DeckRequestContext, publicURL: PublicURL) async throws -> OpenedEventStream? {
        guard let (id, token) = try Self.streamRequest(request, context) else { return nil }
        let base = publicURL.base(for: request)
        return try await streams.open(request, context, table: id, token: token) { stream, event in
            switch event {
            case .view(let snapshot), .change(let snapshot):
                // One encoding per audience: the streams of the same seat (or of watchers) share it.
                let viewer = stream.viewer(in: snapshot)
                return try streams.encodings.bytes(of: snapshot, "table \(viewer ?? 0) \(base)") {
                    let data = try TableJSON(snapshot.tableView(for: viewer), base: base, answer: false).jsonBytes()
                    return EventStreamResponse.event(nil, id: snapshot.version, data: data)
                }
            default:
                return nil
            }
        }
    }

    private static func name(_ api: APIRequest) throws -> String {
        guard let name = api.parameters["name"] else {
            throw RequestError.parameter("name", "is missing", allowed: "give the name other players see, 1 to 32 characters, such as name=Ann")
        }
        return name
    }

    private static func pile(_ api: APIRequest) throws -> String {
        api.parameters["pile"] ?? DeckService.centerPile
    }

    /// The seat token of `Authorization: Bearer <token>`.
    ///
    /// - Throws: ``RequestError`` (401) when it is missing and `required`, or not a Bearer token.
    static func token(_ api: APIRequest, required: Bool) throws -> String? {
        let token = try bearer(api.request.headers[.authorization])
        if token == nil, required {
            throw RequestError(.unauthorized, "this action needs your seat's token: send Authorization: Bearer <token>, the token your seat was given when you joined")
        }
        return token
    }

    /// An event stream's table and token (`?token=`, for EventSource, which cannot send
    /// headers, or Bearer); `nil` for HEAD, which gets the head alone and must not take one of
    /// the bounded streams.
    static func streamRequest(_ request: Request, _ context: DeckRequestContext) throws -> (table: String, token: String?)? {
        if request.method == .head { return nil }
        let id = try context.parameters.require("table_id")
        if let token = request.uri.queryParameters.get("token") { return (id, token) }
        return (id, try bearer(request.headers[.authorization]))
    }

    static func bearer(_ header: String?) throws -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw RequestError(.unauthorized, "the Authorization header is not a Bearer token: send Authorization: Bearer <token>")
        }
        var token = parts[1]
        while token.first == " " || token.first == "\t" { token.removeFirst() }
        while token.last == " " || token.last == "\t" { token.removeLast() }
        return String(token)
    }
}
