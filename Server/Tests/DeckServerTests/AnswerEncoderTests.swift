import DeckServerHTTP
import DeckService
import Foundation
import PlayingCards
import Testing
import DeckStoreSupport

@Suite("The streaming answer encoder writes what Foundation's encoder writes")
struct AnswerEncoderTests {
    struct Nested: Encodable, Equatable {
        var name = "a \"quoted\" \\ name\n\u{1}é♠"
        var count = -3
        var big: UInt64 = .max
        var ratio = 0.5
        var flag = true
        var missing: String?
        var present: Int? = 7
        var list = [1, 2, 3]
        var empty: [String] = []
        var inner = Inner()
        var inners = [Inner(), Inner(value: "two")]

        struct Inner: Encodable, Equatable {
            var value = "one"
        }
    }

    /// A type that uses nested containers and an explicit null.
    struct Manual: Encodable {
        enum Keys: String, CodingKey { case a, b, c, d }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try nested.encode(1, forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .b)
            try list.encode("x")
            try list.encode(false)
            try container.encodeNil(forKey: .c)
            try container.encode("last", forKey: .d)
        }
    }

    func parsed(_ bytes: [UInt8]) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
    }

    @Test("scalars, escapes, optionals, arrays and nested values")
    func matchesFoundation() throws {
        let ours = try AnswerEncoder().encode(Nested())
        let theirs = try JSONEncoder().encode(Nested())
        #expect(try parsed(ours) == parsed(Array(theirs)))
        #expect(!String(decoding: ours, as: UTF8.self).contains("missing"))
    }

    @Test("nested containers close before the next member; nil is null when asked for")
    func nestedContainers() throws {
        let text = String(decoding: try AnswerEncoder().encode(Manual()), as: UTF8.self)
        #expect(text == #"{"a":{"b":1},"b":["x",false],"c":null,"d":"last"}"#)
    }

    @Test("a deck answer keeps its piles in the order they were made")
    func pileOrder() async throws {
        let service = DeckService(store: InMemoryRecordStore())
        let id = try await service.newDeck(NewDeckRequest()).id
        let drawn = try await service.draw(id, count: 3).drawn ?? []
        for (name, card) in zip(["zeta", "alpha", "mid"], drawn) { _ = try await service.addToPile(id, pile: name, cards: [card]) }
        let view = try await service.listPile(id, pile: "alpha")
        let text = String(decoding: try AnswerEncoder().encode(DeckJSON(view, base: "http://x", piles: true)), as: UTF8.self)
        let zeta = try #require(text.range(of: "\"zeta\""))
        let alpha = try #require(text.range(of: "\"alpha\""))
        let mid = try #require(text.range(of: "\"mid\""))
        #expect(zeta.lowerBound < alpha.lowerBound && alpha.lowerBound < mid.lowerBound)
        #expect(text.hasPrefix(#"{"success":true,"deck_id":""#))
        #expect(text.contains(#""alpha":{"remaining":1,"cards":[{"code":""#))
    }

    @Test("the deck answer's own writer writes byte for byte what the encoder writes from the same model")
    func deckWriterMatchesEncoder() async throws {
        let service = DeckService(store: InMemoryRecordStore())
        var shoe = NewDeckRequest()
        shoe.deckCount = 2
        shoe.jokers = true
        shoe.shuffle = .seeded(ShuffleSeed(5))
        let id = try await service.newDeck(shoe).id
        var views = [try await service.deck(id), try await service.draw(id, count: 0), try await service.draw(id, count: 7)]
        let drawn = views.last?.drawn ?? []
        views.append(try await service.addToPile(id, pile: "a \"quoted\" \\ pile ♠", cards: Array(drawn.prefix(3))))
        views.append(try await service.addToPile(id, pile: "empty", cards: []))
        views.append(try await service.listPile(id, pile: "empty"))
        views.append(try await service.listPile(id, pile: "a \"quoted\" \\ pile ♠"))
        var fair = NewDeckRequest()
        fair.shuffle = .fair(clientSeed: "player \"seed\"")
        let fairID = try await service.newDeck(fair).id
        views.append(try await service.draw(fairID, count: 2))
        views.append(try await service.reveal(fairID))
        for view in views {
            for piles in [false, true] {
                let answer = DeckJSON(view, base: "http://cards.example.org:8080", piles: piles)
                let written = try answer.jsonBytes()
                #expect(written == (try AnswerEncoder().encode(answer)), "\(String(decoding: written, as: UTF8.self))")
            }
        }
    }
}
