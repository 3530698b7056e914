import DeckService
import HTTPTypes
import Hummingbird
import Logging

/// The outermost responder: answers CORS preflight, adds the CORS header, turns every error
/// into a JSON answer with the right status, writes one access-log line per request, and
/// records metrics.
struct APIResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == BasicRequestContext {
    typealias Context = BasicRequestContext

    let inner: Inner
    /// The `Access-Control-Allow-Origin` value; `nil` sends no CORS headers.
    let allowedOrigin: String?
    let metrics: ServerMetrics
    let logger: Logger

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        if request.method == .options, request.headers[HTTPField.Name("Access-Control-Request-Method")!] != nil {
            response = preflight(request)
        } else {
            do {
                response = try await inner.respond(to: request, context: context)
                // The router answers an unknown path with an empty 404; ours always carry JSON.
                if response.status == .notFound, response.headers[.contentType] == nil { response = noSuchEndpoint(request) }
            } catch let error as ServiceError {
                response = JSONResponse.error(error.message, status: error.status)
            } catch let error as HTTPError where error.status == .notFound {
                response = noSuchEndpoint(request)
            } catch let error as HTTPError {
                response = JSONResponse.error(error.body ?? "the request was refused (\(error.status))", status: error.status)
            } catch {
                logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
                response = JSONResponse.error("the server failed to answer: \(error)", status: .internalServerError)
            }
        }
        if let allowedOrigin { response.headers[.accessControlAllowOrigin] = allowedOrigin }
        let duration = ContinuousClock.now - start
        let route = context.endpointPath ?? "unmatched"
        metrics.record(method: request.method, route: route, status: response.status.code, duration: duration)
        logger.info("request", metadata: [
            "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
            "ms": "\(Self.milliseconds(duration))",
        ])
        return response
    }

    private func noSuchEndpoint(_ request: Request) -> Response {
        JSONResponse.error(
            "no such endpoint: \(request.method) \(request.uri.path); the API is described at /openapi.json",
            status: .notFound)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) * 1000 + Double(attoseconds / 1_000_000_000_000) / 1000)
    }

    private func preflight(_ request: Request) -> Response {
        var headers: HTTPFields = [.accessControlAllowMethods: "GET, POST, OPTIONS", .accessControlMaxAge: "86400"]
        headers[.accessControlAllowHeaders] = request.headers[.accessControlRequestHeaders] ?? "Content-Type"
        return Response(status: .noContent, headers: headers)
    }
}
