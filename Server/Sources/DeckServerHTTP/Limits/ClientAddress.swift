import Foundation
import HTTPTypes
import Hummingbird

/// The address a request counts against for per-client limits: the connection's peer, or, when
/// the server runs behind a proxy it trusts, the last address of `X-Forwarded-For`: the one
/// that proxy appended, the peer it saw. The entries before it are whatever the client sent,
/// which a client that wants more than its share would fill with made-up addresses.
enum ClientAddress {
    static func of(_ request: Request, context: DeckRequestContext, trustsProxy: Bool) -> String {
        if trustsProxy, let forwarded = request.headers[values: HTTPField.Name("X-Forwarded-For")!].last,
           let last = forwarded.split(separator: ",").last {
            let address = last.trimmingCharacters(in: .whitespaces)
            if !address.isEmpty { return String(address.prefix(64)) }
        }
        return context.remoteAddress?.ipAddress ?? "unknown"
    }
}
