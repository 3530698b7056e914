import Hummingbird

/// Counts every request by method, route and status, and records its latency, in
/// ``ServerMetrics``.
///
/// Hummingbird's `MetricsMiddleware` labels series with the request's method as sent, so a
/// client could add series without bound by inventing methods; it also needs the process-wide
/// metrics system bootstrapped, which in-process tests cannot do once per application. This one
/// counts unknown methods as `OTHER` and writes into the server's own registry.
struct MetricsRecordingMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 } ?? "unmatched"
        metrics.record(method: request.method, route: route, status: response.status.code, duration: ContinuousClock.now - start)
        return response
    }
}
