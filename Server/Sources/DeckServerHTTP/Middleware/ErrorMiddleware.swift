import Hummingbird

/// Turns every error into a JSON answer, `{"success": false, "error": "…"}`: refusals of the
/// service and of the HTTP layer with their own status and message, Hummingbird's errors with
/// theirs, a request given up because its client went away as 499 (nginx's "client closed
/// request": nobody reads it, but the metrics and the access log count it as the client's),
/// and anything else as a 500 whose cause goes to the log, never to the client.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            return try ErrorJSON(error.body ?? "the request was refused (\(error.status))", status: error.status)
                .response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        } catch is CancellationError {
            return try ErrorJSON("the request was given up: its client went away", status: .init(code: 499, reasonPhrase: "Client Closed Request"))
                .response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return try ErrorJSON("the server failed to answer: the fault is logged; try again or report it", status: .internalServerError)
                .response(from: request, context: context)
        }
    }
}
