import DeckService
import Hummingbird

/// `/api/deck/<id>/pile/<name>/…`: add, list, shuffle, draw (named cards, top, bottom,
/// random) and return.
struct PileRoutes: Sendable {
    let service: DeckService

    func add(to router: APIRegistrar) {
        let prefix = "/api/deck/:id/pile/:pile"
        router.api("\(prefix)/add") { api in
            guard let cards = try api.parameters.cards(allowingEmpty: true) else {
                throw RequestError.parameter("cards", "is required", allowed: "list the drawn cards to add, such as cards=AS,2S")
            }
            return answer(try await service.addToPile(api.path("id"), pile: api.path("pile"), cards: cards), api, piles: true)
        }
        router.api("\(prefix)/list") { api in
            answer(try await service.listPile(api.path("id"), pile: api.path("pile")), api, piles: true)
        }
        router.api("\(prefix)/shuffle") { api in
            answer(try await service.shufflePile(api.path("id"), pile: api.path("pile"), seed: try api.parameters.seed()), api, piles: true)
        }
        for (suffix, position) in [("draw", DrawPosition.top), ("draw/bottom", .bottom), ("draw/random", .random)] {
            router.api("\(prefix)/\(suffix)") { api in
                let selection: PileSelection
                if position == .top, let cards = try api.parameters.cards() {
                    guard api.parameters["count"] == nil else {
                        throw RequestError("give cards or count, not both: cards names the cards to draw, count how many from the top")
                    }
                    selection = .cards(cards)
                } else {
                    selection = .count(try api.parameters.integer("count", default: 1)!, position)
                }
                return answer(try await service.drawFromPile(api.path("id"), pile: api.path("pile"), selection), api, piles: true)
            }
        }
        router.api("\(prefix)/return") { api in
            answer(try await service.returnPile(api.path("id"), pile: api.path("pile"), cards: try api.parameters.cards()), api, piles: true)
        }
    }
}
