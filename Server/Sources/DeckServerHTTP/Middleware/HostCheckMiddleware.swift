import HTTPTypes
import Hummingbird

/// Refuses a request whose `Host` is missing, repeated, or not a `host[:port]`, with a 400
/// that says which: the server writes the host into every image link, and a request without
/// exactly one well-formed host has no place it was meant for.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority else {
            return try refuse("the request has no Host header: send the server's name and port, such as Host: cards.example.org", request, context)
        }
        // The first Host becomes the authority; any further one stays among the fields.
        guard request.headers[values: HTTPField.Name("Host")!].isEmpty else {
            return try refuse("the request has more than one Host header: send exactly one", request, context)
        }
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
