import DeckClientAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime
#if canImport(Darwin)
import OpenAPIURLSession
#else
import OpenAPIAsyncHTTPClient
#endif

/// A client of a deck-server: decks and piles as deckofcardsapi has them, games of Memorize, and
/// live card tables.
///
/// ```swift
/// let client = DeckClient(serverURL: URL(string: "http://127.0.0.1:8080")!)
/// let deck = try await client.newDeck(shuffled: true)
/// let hand = try await client.draw(5, from: deck.deckId).cards ?? []
/// print(hand.map(\.code))   // ["7C", "QH", "2S", "0D", "AS"], say
/// ```
///
/// Every call throws ``DeckClientError`` with the server's own message when the server refuses
/// it. A client is a value that any task may share.
public struct DeckClient: Sendable {
    /// The server's base URL, such as `http://127.0.0.1:8080`.
    public let serverURL: URL
    let transport: any ClientTransport
    let api: Client

    /// A client of the server at `serverURL`.
    ///
    /// - Parameters:
    ///   - serverURL: the server's base URL, without `/api`.
    ///   - transport: how requests travel; by default AsyncHTTPClient's shared client on Linux
    ///     and URLSession on Apple platforms.
    public init(serverURL: URL, transport: (any ClientTransport)? = nil) {
        self.serverURL = serverURL
        let transport = transport ?? Self.defaultTransport()
        self.transport = transport
        self.api = Client(serverURL: serverURL, transport: transport, middlewares: [RefusalMiddleware()])
    }

    /// The generated client with a seat's token on every request.
    func api(token: String?) -> Client {
        var middlewares: [any ClientMiddleware] = [RefusalMiddleware()]
        if let token { middlewares.append(HeaderMiddleware.bearer(token)) }
        return Client(serverURL: serverURL, transport: transport, middlewares: middlewares)
    }

    static func defaultTransport() -> any ClientTransport {
        #if canImport(Darwin)
        URLSessionTransport()
        #else
        AsyncHTTPClientTransport()
        #endif
    }
}
