import Foundation
import HTTPTypes
import Hummingbird

/// Where clients reach this server, for the absolute image links in answers: the configured
/// public URL, else (only when the server is told it runs behind a proxy) what the proxy says
/// in `X-Forwarded-Proto` and `X-Forwarded-Host`, else the request's own `Host`, which
/// ``ConnectionRulesHandler`` has checked.
struct PublicURL: Sendable {
    /// A fixed base URL without a trailing slash, such as `https://cards.example.org`.
    var configured: String?
    /// Whether `X-Forwarded-Host` and `X-Forwarded-Proto` come from a proxy the operator runs;
    /// any client can send them, so they are ignored otherwise.
    var trustsProxy = false

    /// The base URL, without a trailing slash, for links in the answer to `request`.
    func base(for request: Request) -> String {
        if let configured { return configured }
        var scheme = "http"
        // ConnectionRulesHandler has refused every request with a Host that is not host[:port];
        // HTTP/1.0 may send none.
        var host = request.head.authority ?? "localhost"
        if trustsProxy {
            if let forwarded = request.headers[HTTPField.Name("X-Forwarded-Host")!].flatMap(Self.first), HostName.isValid(forwarded) {
                host = String(forwarded)
            }
            if request.headers[HTTPField.Name("X-Forwarded-Proto")!].flatMap(Self.first)?.lowercased() == "https" {
                scheme = "https"
            }
        }
        return "\(scheme)://\(host)"
    }

    /// The first of a comma-separated list of values, as proxies append them.
    private static func first(_ value: String) -> Substring? {
        value.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces)[...] }
    }
}
