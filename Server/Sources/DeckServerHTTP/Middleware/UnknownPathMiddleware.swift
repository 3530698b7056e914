import Hummingbird

/// Answers a path no route serves with a JSON 404 that points at the API's description, and a
/// known path asked with a method it does not take with 405 and the methods it does take.
///
/// The router itself answers both with an empty 404.
struct UnknownPathMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path
            let methods = routes.methods(forPath: path)
            guard methods.isEmpty else {
                let allowed = methods.joined(separator: ", ")
                var response = try ErrorJSON(
                    "\(request.method) is not allowed on \(path): use \(allowed)", status: .methodNotAllowed
                ).response(from: request, context: context)
                response.headers[.allow] = allowed
                return response
            }
            return try ErrorJSON(
                "no such endpoint: \(request.method) \(path); the API is described at /openapi.json", status: .notFound
            ).response(from: request, context: context)
        }
    }
}
