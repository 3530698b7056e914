import DeckService
import Foundation
import Hummingbird

/// What an API handler gets: the request, its parameters, the base URL for links, and the
/// service to answer it with.
struct APIRequest: Sendable {
    var request: Request
    var context: DeckRequestContext
    var parameters: RequestParameters
    var base: String
    /// The service, or for a HEAD request its dry run: HEAD answers what GET would, and changes
    /// nothing.
    var service: DeckService
    /// Whether a request deckofcardsapi carries out in part is refused whole (`strict=true`, or
    /// the server's `--strict`) or done in part as the reference does (the default).
    var strictness: Strictness

    /// A path parameter, percent-decoded.
    func path(_ name: String) throws -> String {
        let raw = try context.parameters.require(name)
        return raw.removingPercentEncoding ?? raw
    }
}
