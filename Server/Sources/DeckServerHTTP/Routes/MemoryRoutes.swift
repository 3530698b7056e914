import DeckService
import Hummingbird

/// `/api/memory/…`: server-side games of Memorize, and the page at `/memory` that plays them.
struct MemoryRoutes: Sendable {
    func add(to router: APIRegistrar) {
        router.api("/api/memory/themes") { api in MemoryThemesJSON(api.service.memoryThemes) }
        router.change("/api/memory/new", creates: true) { api in
            let view = try await api.service.newMemoryGame(
                theme: api.parameters["theme"].flatMap { $0.isEmpty ? nil : $0 },
                pairs: try api.parameters.integer("pairs"), seed: try api.parameters.seed())
            return MemoryGameJSON(view, base: api.base)
        }
        router.api("/api/memory/:game_id") { api in
            MemoryGameJSON(try await api.service.memoryGame(api.path("game_id")), base: api.base)
        }
        router.change("/api/memory/:game_id/choose/:index") { api in
            let text = try api.path("index")
            guard let index = Int(text) else {
                throw RequestError.parameter("card index", value: text, "is not a whole number", allowed: "cards are numbered from 0")
            }
            return MemoryGameJSON(try await api.service.chooseMemoryCard(api.path("game_id"), index: index), base: api.base)
        }
    }
}
