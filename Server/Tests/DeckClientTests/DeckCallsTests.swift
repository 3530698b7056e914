import DeckClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Every deck, pile and Memorize call against a real deck-server, on SQLite and on two PostgreSQL
/// instances, and the server's refusals surfacing as ``DeckClientError`` with its own words.
@Suite("Deck and Memorize calls", .serialized, .timeLimit(.minutes(3)))
struct DeckCallsTests {
    @Test(arguments: Store.allCases)
    func decksAndPiles(_ store: Store) async throws {
        try await Deployment.with(store) { deployment in
            let client = deployment.actions, other = deployment.events

            let plain = try await client.newDeck(shuffled: false)
            #expect(plain.remaining == 52 && plain.shuffled == false)
            let top = try await client.draw(2, from: plain.deckId)
            #expect(top.cards?.map(\.code) == ["AS", "2S"] && top.remaining == 50)
            let bottom = try await other.draw(1, from: plain.deckId, at: .bottom)
            #expect(bottom.cards?.map(\.code) == ["KH"] && bottom.remaining == 49)
            let random = try await client.draw(3, from: plain.deckId, at: .random)
            #expect(random.cards?.count == 3 && random.remaining == 46)

            let shoe = try await client.newDeck(decks: 2, jokers: true)
            #expect(shoe.remaining == 108 && shoe.shuffled)
            let partial = try await client.newDeck(shuffled: false, cards: ["AS", "KD", "0H"])
            #expect(partial.remaining == 3)
            let seed = String(repeating: "0f", count: 32)
            let first = try await client.newDeck(seed: seed), second = try await other.newDeck(seed: seed)
            let firstCards = try await client.draw(5, from: first.deckId).cards?.map(\.code)
            let secondCards = try await client.draw(5, from: second.deckId).cards?.map(\.code)
            #expect(firstCards == secondCards && firstCards?.count == 5)

            let deck = try await client.newDeck()
            let hand = try await client.draw(6, from: deck.deckId).cards?.map(\.code) ?? []
            _ = try await client.addToPile("discard", cards: Array(hand.prefix(4)), of: deck.deckId)
            let listed = try await other.listPile("discard", of: deck.deckId)
            #expect(listed.piles?.additionalProperties["discard"]?.cards?.map(\.code) == Array(hand.prefix(4)))
            _ = try await client.shufflePile("discard", of: deck.deckId)
            let named = try await client.drawFromPile("discard", of: deck.deckId, cards: [hand[0]])
            #expect(named.cards?.map(\.code) == [hand[0]])
            let fromBottom = try await client.drawFromPile("discard", of: deck.deckId, at: .bottom)
            #expect(fromBottom.cards?.count == 1)
            let returned = try await client.returnPile("discard", of: deck.deckId)
            #expect(returned.piles?.additionalProperties["discard"]?.remaining == 0)
            _ = try await client.returnCards([hand[5]], to: deck.deckId)
            let now = try await other.deck(deck.deckId)
            #expect(now.remaining == 52 - 6 + 1 + 2)   // hand[5] back, and the pile's last two
            let reshuffled = try await client.shuffle(deck.deckId)
            #expect(reshuffled.remaining == 52)
            _ = try await client.draw(7, from: deck.deckId)
            let remainingOnly = try await client.shuffle(deck.deckId, remainingOnly: true)
            #expect(remainingOnly.remaining == 45, "the drawn cards stay out")
        }
    }

    @Test(arguments: Store.allCases)
    func refusalsCarryTheServersMessage(_ store: Store) async throws {
        try await Deployment.with(store) { deployment in
            let client = deployment.actions
            let deck = try await client.newDeck()

            let negative = await #expect(throws: DeckClientError.self) { try await client.draw(-1, from: deck.deckId) }
            #expect(negative?.status == 400)
            #expect(negative?.message.contains("count -1 is not allowed") == true, "\(String(describing: negative))")

            let tooMany = await #expect(throws: DeckClientError.self) { try await client.draw(53, from: deck.deckId) }
            #expect(tooMany?.status == 400 && tooMany?.message.isEmpty == false)
            #expect(try await client.deck(deck.deckId).remaining == 52, "a refused draw takes nothing")

            let unknownCard = await #expect(throws: DeckClientError.self) { try await client.newDeck(cards: ["AS", "ZZ"]) }
            #expect(unknownCard?.status == 400 && unknownCard?.message.contains("ZZ") == true, "\(String(describing: unknownCard))")

            let unknownDeck = await #expect(throws: DeckClientError.self) { try await client.deck(String(repeating: "a", count: 26)) }
            #expect(unknownDeck?.status == 404)

            let seedless = await #expect(throws: DeckClientError.self) { try await client.newDeck(shuffled: false, seed: String(repeating: "0", count: 64)) }
            #expect(seedless?.message.contains("a seed is for a shuffle") == true)
            let both = await #expect(throws: DeckClientError.self) { try await client.drawFromPile("p", of: deck.deckId, cards: ["AS"], at: .bottom) }
            #expect(both?.message.contains("not both") == true)

            let noPile = await #expect(throws: DeckClientError.self) { try await client.drawFromPile("nosuch", of: deck.deckId) }
            #expect(noPile?.status == 404 && noPile?.message.contains("nosuch") == true, "\(String(describing: noPile))")
        }
    }

    @Test(arguments: Store.allCases)
    func memorize(_ store: Store) async throws {
        try await Deployment.with(store) { deployment in
            let client = deployment.actions
            let themes = try await client.memoryThemes()
            #expect(themes.count >= 8 && themes.allSatisfy { !$0.name.isEmpty })
            let game = try await client.newMemoryGame(theme: themes[0].name, pairs: 4)
            #expect(game.cards.count == 8 && game.cards.allSatisfy { !$0.faceUp && $0.name == nil })
            let first = try await client.choose(card: 0, in: game.gameId)
            #expect(first.cards[0].faceUp && first.cards[0].name != nil)
            _ = try await deployment.events.choose(card: 1, in: game.gameId)
            let read = try await client.memoryGame(game.gameId)
            #expect(read.cards.count == 8)
            let outOfRange = await #expect(throws: DeckClientError.self) { try await client.choose(card: 99, in: game.gameId) }
            #expect(outOfRange?.status == 400, "\(String(describing: outOfRange))")
        }
    }

    @Test func theGeneratorsDocumentIsWhatTheServerServes() async throws {
        try await Deployment.with(.sqlite) { deployment in
            let (served, _) = try await URLSession.shared.data(from: deployment.actionsURL.appendingPathComponent("openapi.json"))
            // Server/Tests/DeckClientTests/ → the repository → what DeckClient's build plugin reads.
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            let link = root.appendingPathComponent("Clients/DeckClient/Sources/DeckClientAPI/openapi.json")
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)
            #expect(target == "../../../../Server/Sources/DeckServerHTTP/Public/openapi.json",
                    "Clients/DeckClient/Sources/DeckClientAPI/openapi.json is to be a link to the server's document, not \(target ?? "a file of its own")")
            let document = try Data(contentsOf: link)
            let servedJSON = try JSONSerialization.jsonObject(with: served) as? NSDictionary
            let documentJSON = try JSONSerialization.jsonObject(with: document) as? NSDictionary
            #expect(servedJSON != nil && servedJSON == documentJSON,
                    "Clients/DeckClient/Sources/DeckClientAPI/openapi.json is not the served document: it is to be a link to Server/Sources/DeckServerHTTP/Public/openapi.json")
        }
    }
}
