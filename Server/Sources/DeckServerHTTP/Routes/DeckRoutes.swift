import DeckService
import Foundation
import Hummingbird

/// `/api/deck/…`: new decks, info, draws, shuffles, returns and the fair-deck reveal.
///
/// A request that deckofcardsapi carries out in part is answered as it answers it unless the
/// request is strict (``APIRequest/strictness``): see ``DeckJSON`` and ``ReferenceRefusal``.
struct DeckRoutes: Sendable {
    func add(to router: APIRegistrar) {
        router.api("/api/deck/new", creates: true) { try await newDeck($0, shuffle: false, draw: false) }
        router.api("/api/deck/new/shuffle", creates: true) { try await newDeck($0, shuffle: true, draw: false) }
        router.api("/api/deck/new/draw", creates: true) { try await newDeck($0, shuffle: true, draw: true) }
        router.api("/api/deck/:id") { api in
            answer(try await api.service.deck(api.path("id")), api, piles: true)
        }
        for (suffix, position) in [("draw", DrawPosition.top), ("draw/bottom", .bottom), ("draw/random", .random)] {
            router.api("/api/deck/:id/\(suffix)") { api in
                let count = try api.parameters.integer("count", default: 1)!
                return answer(try await api.service.draw(api.path("id"), count: count, from: position, strictness: api.strictness), api)
            }
        }
        router.api("/api/deck/:id/shuffle") { api in
            let view = try await api.service.shuffle(
                api.path("id"), remainingOnly: try api.parameters.flag("remaining"), seed: try api.parameters.seed())
            return answer(view, api)
        }
        router.api("/api/deck/:id/return") { api in
            let list = try api.parameters.cards(api.strictness)
            let view = try await api.service.returnCards(api.path("id"), cards: list?.cards, strictness: api.strictness)
            return answer(view, api, leftOut: .notReturned, ignored: list?.ignored ?? [])
        }
        router.api("/api/deck/:id/reveal") { api in
            answer(try await api.service.reveal(api.path("id")), api)
        }
    }

    private func newDeck(_ api: APIRequest, shuffle: Bool, draw: Bool) async throws -> DeckJSON {
        let parameters = api.parameters
        var request = NewDeckRequest()
        request.deckCount = try Self.deckCount(parameters, api.strictness)
        var list = try parameters.cards(api.strictness)
        request.jokers = try parameters.flag("jokers_enabled")
        if api.strictness == .lenient, !request.jokers, let cards = list?.cards {
            // deckofcardsapi's lists name jokers only for a deck made with jokers_enabled=true.
            let jokers = cards.filter(\.isJoker)
            list?.cards.removeAll(where: \.isJoker)
            list?.ignored += jokers.map(\.apiCode)
        }
        request.cards = list?.cards
        if shuffle {
            if try parameters.flag("fair") {
                guard parameters["seed"] == nil else {
                    throw RequestError("seed and fair=true exclude each other: a fair deck's order comes from the server's committed seed and your client_seed")
                }
                guard let clientSeed = parameters["client_seed"], !clientSeed.isEmpty else {
                    throw RequestError("fair=true needs client_seed: a text of your choosing that the shuffle mixes in, such as client_seed=tulip-8812")
                }
                request.shuffle = .fair(clientSeed: clientSeed)
            } else {
                request.shuffle = try parameters.seed().map { .seeded($0) } ?? .secure
            }
        } else if parameters["seed"] != nil || parameters["fair"] != nil {
            throw RequestError("seed and fair shuffle a deck: use /api/deck/new/shuffle/ (or /new/draw/) with them")
        }
        if draw { request.draw = try parameters.integer("count", default: 1)! }
        do {
            return answer(try await api.service.newDeck(request, strictness: api.strictness), api, ignored: list?.ignored ?? [])
        } catch let error as ServiceError where error.subject == .deckCount && api.strictness == .lenient {
            // deckofcardsapi answers a deck count out of range with 200 and success false.
            throw ReferenceRefusal(.ok, request.deckCount < 1 ? Self.fewestDecks : Self.mostDecks, detail: error.apiMessage + "; no deck was made")
        }
    }

    /// deckofcardsapi's words for a deck count out of range.
    private static let fewestDecks = "The min number of Decks is 1."
    private static let mostDecks = "The max number of Decks is 20."

    /// The `deck_count` asked for, 1 when none is given. Leniently, a whole number too large to
    /// read is out of range too, as deckofcardsapi reads any.
    private static func deckCount(_ parameters: RequestParameters, _ strictness: Strictness) throws -> Int {
        let requestError: RequestError
        do {
            return try parameters.integer("deck_count", default: 1)!
        } catch {
            requestError = error
        }
        guard strictness == .lenient, let text = parameters["deck_count"], isWholeNumber(text) else { throw requestError }
        let tooFew = text.trimmingCharacters(in: .whitespaces).hasPrefix("-")
        throw ReferenceRefusal(.ok, tooFew ? fewestDecks : mostDecks, detail: requestError.message + "; no deck was made")
    }

    /// Whether `text` is a whole number, however long: `-3`, `+12`, `99999999999999999999`.
    private static func isWholeNumber(_ text: String?) -> Bool {
        guard let digits = text?.trimmingCharacters(in: .whitespaces).drop(while: { $0 == "-" || $0 == "+" }) else { return false }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// A deck answer as JSON: `piles` adds every pile's count, `leftOut` names the member for the
/// cards a lenient request left out, `ignored` lists the items of its card list that name no card.
func answer(
    _ view: DeckView, _ api: APIRequest, piles: Bool = false, leftOut: DeckJSON.LeftOutMember = .notAdded, ignored: [String] = []
) -> DeckJSON {
    DeckJSON(view, base: api.base, piles: piles, listingLeftOutAs: leftOut, ignored: ignored)
}
