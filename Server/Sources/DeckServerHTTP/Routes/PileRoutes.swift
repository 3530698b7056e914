import DeckService
import Hummingbird
import PlayingCards

/// `/api/deck/<id>/pile/<name>/…`: add, list, shuffle, draw (named cards, top, bottom,
/// random) and return.
///
/// A request that deckofcardsapi carries out in part, or refuses with a 404, is answered as it
/// answers it unless the request is strict (``APIRequest/strictness``).
struct PileRoutes: Sendable {
    func add(to router: APIRegistrar) {
        let prefix = "/api/deck/:id/pile/:pile"
        router.api("\(prefix)/add") { api in
            guard let list = try api.parameters.cards(api.strictness, allowingEmpty: true) else {
                let missing = RequestError.parameter("cards", "is required", allowed: "list the drawn cards to add, such as cards=AS,2S")
                guard api.strictness == .lenient else { throw missing }
                throw ReferenceRefusal(.notFound, "You must specify cards to add to the pile.", detail: missing.message)
            }
            let view = try await api.service.addToPile(api.path("id"), pile: api.path("pile"), cards: list.cards, strictness: api.strictness)
            return answer(view, api, piles: true, leftOut: .notAdded, ignored: list.ignored)
        }
        router.api("\(prefix)/list") { api in
            answer(try await api.service.listPile(api.path("id"), pile: api.path("pile")), api, piles: true)
        }
        router.api("\(prefix)/shuffle") { api in
            answer(try await api.service.shufflePile(api.path("id"), pile: api.path("pile"), seed: try api.parameters.seed()), api, piles: true)
        }
        for (suffix, position) in [("draw", DrawPosition.top), ("draw/bottom", .bottom), ("draw/random", .random)] {
            router.api("\(prefix)/\(suffix)") { api in try await draw(api, from: position) }
        }
        router.api("\(prefix)/return") { api in
            let pile = try api.path("pile")
            let list = try api.parameters.cards(api.strictness)
            do {
                let view = try await api.service.returnPile(api.path("id"), pile: pile, cards: list?.cards, strictness: api.strictness)
                return answer(view, api, piles: true, leftOut: .notReturned, ignored: list?.ignored ?? [])
            } catch let error as ServiceError where error.subject == .pile && error.kind == .notFound && api.strictness == .lenient {
                throw ReferenceRefusal(.notFound, "The pile, \(pile) does not exist.", refused: error)
            }
        }
    }

    /// Named cards (`cards=`, wherever they lie in the pile, whatever the route's position, as
    /// deckofcardsapi reads them) or `count` cards from the route's position. Leniently, an empty
    /// `cards=` is no list and a list wins over `count` (deckofcardsapi reads `count` only
    /// without a list), and a draw the pile cannot give whole is the reference's 404.
    private func draw(_ api: APIRequest, from position: DrawPosition) async throws -> DeckJSON {
        let pile = try api.path("pile")
        var list = try api.parameters.cards(api.strictness)
        if api.strictness == .lenient, list?.cards.isEmpty == true, list?.ignored.isEmpty == true { list = nil }
        let selection: PileSelection
        if let list {
            guard api.parameters["count"] == nil || api.strictness == .lenient else {
                throw RequestError("give cards or count, not both: cards names the cards to draw, count how many from the top")
            }
            selection = .cards(list.cards)
        } else {
            selection = .count(try api.parameters.integer("count", default: 1)!, position)
        }
        do {
            let view = try await api.service.drawFromPile(api.path("id"), pile: pile, selection)
            return answer(view, api, piles: true, ignored: list?.ignored ?? [])
        } catch let error as ServiceError where error.kind == .cardsMissing && api.strictness == .lenient {
            switch selection {
            case .cards: throw ReferenceRefusal(.notFound, "The pile, \(pile) does not contain the requested cards.", refused: error)
            case .count(let count, _): throw ReferenceRefusal(.notFound, "Not enough cards remaining to draw \(count) additional", refused: error)
            }
        }
    }
}
