import HTTPTypes
import Hummingbird

/// Refuses a request whose `Host` is not a `host[:port]`, with a 400 that says so: the server
/// writes the host into every image link.
///
/// A missing or repeated `Host` is refused before the request gets here, by
/// ``ConnectionRulesHandler``, which knows the HTTP version: HTTP/1.0 may leave it out.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority else { return try await next(request, context) }
        guard HostName.isValid(Substring(host)) else {
            // Not echoed: the value may be markup meant for a page that shows the answer.
            return try refuse("the Host header is not a host name with an optional port: send one such as cards.example.org:8080", request, context)
        }
        return try await next(request, context)
    }

    private func refuse(_ message: String, _ request: Request, _ context: Context) throws -> Response {
        try ErrorJSON(message, status: .badRequest).response(from: request, context: context)
    }
}
