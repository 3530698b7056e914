@testable import DeckServerHTTP
import DeckTestSupport
import Foundation

// The tests read the API's answers with the server's own answer models (`DeckJSON`, `CardJSON`,
// `MemoryGameJSON`, `TableJSON`, …), decoded strictly: a missing or mistyped member fails the
// decoding instead of reading as `nil`.

/// An error answer: `{"success": false, "error"}`, and our words in `detail` when `error` is
/// deckofcardsapi's. (The server's `ErrorJSON` carries the status too, which is no member.)
struct ErrorAnswer: Decodable, Sendable, Equatable {
    var success: Bool
    var error: String
    var detail: String?
}

extension PilesJSON {
    /// The pile `name`, nil when the deck has none of that name.
    subscript(name: String) -> Pile? { piles.first { $0.name == name }?.pile }
}

extension Answer {
    /// The body decoded as `type`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw ServerProcessError(message: "the answer (\(status)) is not a \(type): \(error); it was: \(text)")
        }
    }

    /// The body as an untyped JSON object: for what no answer model describes, such as the
    /// OpenAPI document, or the members a schema promises.
    var jsonObject: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw ServerProcessError(message: "the answer (\(status)) is no JSON object: \(text)")
            }
            return object
        }
    }

    /// The body as a deck answer.
    var deck: DeckJSON { get throws { try decode(DeckJSON.self) } }
    /// The codes of the drawn cards; empty when the answer is not a deck with cards.
    var codes: [String] { ((try? deck)?.cards ?? []).map(\.code) }
    /// The deck's `remaining`.
    var remaining: Int? { (try? deck)?.remaining }
    /// The error's message; empty when the answer is no error.
    var error: String { (try? decode(ErrorAnswer.self))?.error ?? "" }
    /// A pile's `remaining`.
    func pileCount(_ name: String) -> Int? { (try? deck)?.piles?[name]?.remaining }
    /// A listed pile's card codes.
    func pileCodes(_ name: String) -> [String] { ((try? deck)?.piles?[name]?.cards ?? []).map(\.code) }
}
