import DeckService
import Hummingbird
import NIOCore
import PlayingCards

/// The free-form table's API under `/api/table/:table_id/felt`: its view, and each action as a
/// POST with the seat's token (`Authorization: Bearer`), parameters in the query, a form or a
/// JSON body. Every action may carry `expected_version` (the table's) or `expected_stacks`
/// (`s1:4,deck:7`); a refusal because the table moved on (409) carries the current view in
/// `table`. Its event stream, `…/felt/events`, sends the whole view first, then what each
/// change changed, and holds, drags and peeks (``TabletopEventJSON``).
struct TabletopRoutes {
    let streams: EventStreamResponse

    func add(to router: APIRegistrar) {
        router.api("/api/table/:table_id/felt") { api in
            TabletopJSON(try await api.service.tabletop(api.path("table_id"), token: try TableRoutes.token(api, required: false)))
        }
        action(router, "move") { api in
            .move(from: try Self.source(api), to: try Self.target(api), face: try Self.facing(api))
        }
        action(router, "flip") { api in
            let stack = try Self.required(api, "stack", example: "stack=s3")
            let references = try Self.references(api)
            guard references.count <= 1 else {
                throw RequestError("flip turns one card (card= or handle=) or, with neither, the whole stack: name at most one card")
            }
            return .flip(stack: stack, card: references.first)
        }
        action(router, "arrange") { api in
            let parameters = api.parameters
            var arrangement = Arrangement(
                x: try parameters.number("x"), y: try parameters.number("y"), rotation: try parameters.integer("rotation"),
                label: parameters["label"], toFront: try parameters.flag("to_front"))
            if let layout = parameters["layout"] {
                switch layout {
                case "squared": arrangement.layout = .squared
                case "right", "down":
                    arrangement.layout = .spread(layout == "right" ? .right : .down, step: try parameters.number("step") ?? 24)
                default:
                    throw RequestError.parameter("layout", value: layout, "is not a layout", allowed: "give squared, right or down")
                }
            }
            return .arrange(stack: try Self.required(api, "stack", example: "stack=s3"), arrangement)
        }
        action(router, "shuffle") { api in .shuffle(stack: try Self.required(api, "stack", example: "stack=deck")) }
        action(router, "split") { api in
            guard let count = try api.parameters.integer("count") else {
                throw RequestError.parameter("count", "is missing", allowed: "give how many cards to take off the top, such as count=5")
            }
            let (x, y) = try Self.place(api)
            return .split(stack: try Self.required(api, "stack", example: "stack=deck"), count: count, x: x, y: y)
        }
        action(router, "gather") { _ in .gather }
        action(router, "deal") { api in
            guard let count = try api.parameters.integer("count") else {
                throw RequestError.parameter("count", "is missing", allowed: "give the number of cards for each seat, such as count=5")
            }
            return .deal(from: api.parameters["from"] ?? "deck", count: count)
        }
        action(router, "undo") { _ in .undo }
        router.api("/api/table/:table_id/export") { api in
            let token = try TableRoutes.token(api, required: true)!
            return TableLayoutJSON(layout: try await api.service.tableLayout(api.path("table_id"), token: token))
        }
        router.change("/api/table/:table_id/felt/hold") { api in
            let token = try TableRoutes.token(api, required: true)!
            return TabletopJSON(
                try await api.service.hold(
                    at: api.path("table_id"), token: token, stack: try Self.required(api, "stack", example: "stack=s3"),
                    release: try api.parameters.flag("release")))
        }
        router.change("/api/table/:table_id/felt/peek") { api in
            let token = try TableRoutes.token(api, required: true)!
            let id = try api.path("table_id")
            let peek = try await api.service.peek(
                at: id, token: token, stack: try Self.required(api, "stack", example: "stack=s3"), at: try Self.references(api))
            var answer = TabletopJSON(peek.view)
            answer.peeked = peek.faces.map { TabletopJSON.Card(handle: $0.handle, face: CardJSON($0.card, base: api.base)) }
            return answer
        }
        router.change("/api/table/:table_id/felt/show") { api in
            let token = try TableRoutes.token(api, required: true)!
            guard api.parameters["shown"] != nil else {
                throw RequestError.parameter("shown", "is missing", allowed: "give shown=true to show your hand to the table, shown=false to hide it again")
            }
            let shown = try api.parameters.flag("shown")
            return TabletopJSON(try await api.service.showHand(at: api.path("table_id"), token: token, shown: shown))
        }
        // A drag's position goes to the other seats' streams and is stored nowhere.
        router.change("/api/table/:table_id/felt/drag") { api in
            let token = try TableRoutes.token(api, required: true)!
            let (x, y) = try Self.place(api)
            try await api.service.drag(
                at: api.path("table_id"), token: token, stack: try Self.required(api, "stack", example: "stack=s3"), x: x, y: y,
                card: api.parameters["handle"])
            return DragAcceptedJSON()
        }
        streams.add("/api/table/:table_id/felt/events", to: router) { [streams] request, context in
            try await Self.eventStream(request, context, streams: streams)
        }
    }

    /// The free-form event stream: `view` (the whole table, first and after the stream skipped
    /// versions), `change` (what one or more changes changed), `hold`, `drag` and `peek`.
    private static func eventStream(_ request: Request, _ context: DeckRequestContext, streams: EventStreamResponse) async throws -> OpenedEventStream? {
        guard let (id, token) = try TableRoutes.streamRequest(request, context) else { return nil }
        return try await streams.open(request, context, table: id, token: token, signals: true) { stream, event in
            try Self.bytes(of: event, for: stream, audience: .players, encodings: streams.encodings)
        }
    }

    /// An event of a free-form stream as it is sent; tables are encoded once per audience.
    static func bytes(
        of event: TableEventStream.Event, for stream: TableEventStream, audience: TableAudience, encodings: SnapshotEncodings
    ) throws -> ByteBuffer? {
        switch event {
        case .view(let snapshot):
            let viewer = stream.viewer(in: snapshot)
            return try encodings.bytes(of: snapshot, "felt view \(viewer ?? 0) \(audience.cacheKey)") {
                let data = try TabletopViewJSON(snapshot.view(for: viewer), audience: audience).jsonBytes()
                return EventStreamResponse.event("view", id: snapshot.version, data: data)
            }
        case .change(let snapshot):
            // The delta too is worked out once per audience; `nil` when there is none to send.
            let viewer = stream.viewer(in: snapshot)
            let change = try encodings.bytes(of: snapshot, "felt change \(viewer ?? 0) \(audience.cacheKey)") {
                guard let delta = snapshot.delta(for: viewer) else { return nil }
                let data = try TabletopEventJSON.Change(delta, table: snapshot.id, audience: audience).jsonBytes()
                return EventStreamResponse.event("change", id: snapshot.version, data: data)
            }
            return try change ?? bytes(of: .view(snapshot), for: stream, audience: audience, encodings: encodings)
        case .signals(let signals):
            var buffer = ByteBuffer()
            for signal in signals {
                let (name, data) = try TabletopEventJSON.signal(signal)
                var event = EventStreamResponse.event(name, id: nil, data: data)
                buffer.writeBuffer(&event)
            }
            return buffer
        case .quiet, .closed:
            return nil
        }
    }

    /// An action: POST with the seat's token; the answer is the seat's view and what changed.
    private func action(_ router: APIRegistrar, _ name: String, _ read: @escaping @Sendable (APIRequest) throws -> TabletopAction) {
        router.change("/api/table/:table_id/felt/\(name)") { api in
            let token = try TableRoutes.token(api, required: true)!
            let id = try api.path("table_id")
            let action = try read(api)
            let expected = try Self.expected(api)
            do {
                return TabletopJSON(try await api.service.act(at: id, token: token, action, expecting: expected), base: api.base)
            } catch let refusal as ServiceError where refusal.kind == .conflict {
                // Someone was first, or the table moved on: the seat gets the table as it is now.
                let view = try? await api.service.tabletop(id, token: token)
                throw TabletopConflict(refusal: refusal, table: view.map { TabletopJSON($0, answer: false) })
            }
        }
    }

    /// Where a move takes cards from: `from=hand` with `cards`, or `from=<stack>` with
    /// `count` (its top cards), or `cards` (face-up cards by code) and `handles`.
    private static func source(_ api: APIRequest) throws -> CardSource {
        let from = try required(api, "from", example: "from=hand or from=s3")
        if from == "hand" {
            guard let cards = try api.parameters.cards() else {
                throw RequestError.parameter("cards", "is missing", allowed: "list the cards of your hand to move, such as cards=AS,2S")
            }
            return .hand(cards)
        }
        if let count = try api.parameters.integer("count") {
            guard api.parameters["cards"] == nil, api.parameters["handles"] == nil else {
                throw RequestError("count excludes cards and handles: move a number of cards off the top, or the cards named")
            }
            return .top(stack: from, count: count)
        }
        let references = try Self.references(api)
        guard !references.isEmpty else {
            throw RequestError.parameter(
                "count", "is missing", allowed: "give count (the top cards), or name the cards by cards= (face up) or handles= (any)")
        }
        return .cards(stack: from, references)
    }

    /// Cards named by face (`cards`, face up only) and by handle (`handles`).
    private static func references(_ api: APIRequest) throws -> [CardReference] {
        var references: [CardReference] = []
        if let cards = try api.parameters.cards() { references += cards.map { .faceUp($0) } }
        if let card = api.parameters["card"] {
            let parsed = try PlayingCard.apiList(card)
            guard parsed.count == 1 else {
                throw RequestError.parameter("card", value: card, "is not one card", allowed: "give one code such as card=AS")
            }
            references.append(.faceUp(parsed[0]))
        }
        for name in ["handles", "handle"] {
            if let handles = api.parameters[name] {
                guard !handles.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw RequestError.parameter(name, "is empty", allowed: "give handles from the table's current view, or leave it out")
                }
                references += handles.split(separator: ",").map { .handle(String($0.trimmingCharacters(in: .whitespaces))) }
            }
        }
        return references
    }

    /// Where a move puts cards: `to=new` with `x` and `y`, `to=<stack>` with `end=top|bottom`,
    /// or `to=hand` with `seat` (your own seat's number to take them into your hand).
    private static func target(_ api: APIRequest) throws -> CardTarget {
        let to = try required(api, "to", example: "to=new, to=s3 or to=hand")
        switch to {
        case "new":
            let (x, y) = try place(api)
            return .newStack(x: x, y: y)
        case "hand":
            guard let seat = try api.parameters.integer("seat") else {
                throw RequestError.parameter("seat", "is missing", allowed: "give the seat to pass the cards to, such as seat=2")
            }
            return .hand(seat: seat)
        default:
            switch api.parameters["end"] ?? "top" {
            case "top": return .top(stack: to)
            case "bottom": return .bottom(stack: to)
            case let end: throw RequestError.parameter("end", value: end, "is not allowed", allowed: "give top or bottom")
            }
        }
    }

    private static func facing(_ api: APIRequest) throws -> Facing {
        guard let face = api.parameters["face"] else { return .keep }
        guard let facing = Facing(rawValue: face) else {
            throw RequestError.parameter("face", value: face, "is not allowed", allowed: "give up, down or keep")
        }
        return facing
    }

    private static func place(_ api: APIRequest) throws -> (x: Double, y: Double) {
        guard let x = try api.parameters.number("x"), let y = try api.parameters.number("y") else {
            throw RequestError.parameter("x and y", "are missing", allowed: "give the place on the felt, such as x=400&y=300 (0–1000 by 0–700)")
        }
        return (x, y)
    }

    /// `expected_version` and `expected_stacks` (`s1:4,deck:7`).
    private static func expected(_ api: APIRequest) throws -> ExpectedVersions {
        var expected = ExpectedVersions(table: try api.parameters.integer("expected_version"))
        if let stacks = api.parameters["expected_stacks"] {
            for item in stacks.split(separator: ",") {
                let parts = item.split(separator: ":")
                guard parts.count == 2, let version = Int(parts[1]) else {
                    throw RequestError.parameter(
                        "expected_stacks", value: String(item), "is not a stack and its version", allowed: "give them as s1:4,deck:7")
                }
                expected.stacks[String(parts[0])] = version
            }
        }
        return expected
    }

    private static func required(_ api: APIRequest, _ name: String, example: String) throws -> String {
        guard let value = api.parameters[name], !value.isEmpty else {
            throw RequestError.parameter(name, "is missing", allowed: "give it, such as \(example)")
        }
        return value
    }
}
