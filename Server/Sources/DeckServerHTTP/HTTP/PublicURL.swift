import HTTPTypes
import Hummingbird

/// Where clients reach this server, for the absolute image links in answers: the configured
/// public URL, else what a proxy says (`X-Forwarded-Proto`, `X-Forwarded-Host`), else the
/// request's own `Host`.
struct PublicURL: Sendable {
    /// A fixed base URL without a trailing slash, such as `https://cards.example.org`.
    var configured: String?

    /// The base URL, without a trailing slash, for links in the answer to `request`.
    func base(for request: Request) -> String {
        if let configured { return configured }
        let forwardedHost = request.headers[HTTPField.Name("X-Forwarded-Host")!].flatMap(Self.first)
        let scheme = request.headers[HTTPField.Name("X-Forwarded-Proto")!].flatMap(Self.first) ?? "http"
        let host = forwardedHost ?? request.head.authority ?? "localhost"
        return "\(scheme == "https" ? "https" : "http")://\(host)"
    }

    /// The first of a comma-separated list of values, as proxies append them; `nil` unless it
    /// is a plain host name or scheme (letters, digits, `-._:[]`), so a header cannot inject markup.
    private static func first(_ value: String) -> String? {
        guard let first = value.split(separator: ",").first?.trimmingCharacters(in: .whitespaces), !first.isEmpty,
              first.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:[]".contains($0)) })
        else { return nil }
        return first
    }
}
