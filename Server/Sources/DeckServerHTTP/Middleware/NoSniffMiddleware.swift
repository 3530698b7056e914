import Hummingbird

/// Adds `X-Content-Type-Options: nosniff` to every answer, so browsers take each body as the
/// type it is sent as (an image as an image, JSON as JSON), never as script or markup.
struct NoSniffMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}
