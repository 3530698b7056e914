import Hummingbird
import Logging

/// Writes one access-log line per request: method, path, status and milliseconds.
///
/// Hummingbird's `LogRequestMiddleware` logs the request before it is answered, so its line
/// cannot carry the status or the time; this one logs after the answer.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        logger.info("request", metadata: [
            "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
            "ms": "\(Self.milliseconds(ContinuousClock.now - start))",
        ])
        return response
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds / 1_000_000_000_000) / 1000
    }
}
