import Foundation
import HTTPTypes
import Hummingbird

/// The address a request counts against for per-client limits: the connection's peer, or, when
/// the server runs behind a proxy it trusts, the first address of `X-Forwarded-For`.
enum ClientAddress {
    static func of(_ request: Request, context: DeckRequestContext, trustsProxy: Bool) -> String {
        if trustsProxy, let forwarded = request.headers[HTTPField.Name("X-Forwarded-For")!],
           let first = forwarded.split(separator: ",").first {
            let address = first.trimmingCharacters(in: .whitespaces)
            if !address.isEmpty { return String(address.prefix(64)) }
        }
        return context.remoteAddress?.ipAddress ?? "unknown"
    }
}
