import HTTPTypes
import Prometheus
import Synchronization

/// The Prometheus metrics `/metrics` shows: requests by route and status, their latency, and
/// the decks and games stored.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()

    private static let buckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .seconds(2.5),
    ]

    // Descriptors are not Sendable, so they are made where used (they are small values).
    private static var requests: MetricNameDescriptor { MetricNameDescriptor(
        metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered, by method, route and status") }
    private static var durations: MetricNameDescriptor { MetricNameDescriptor(
        metricName: "http_request_duration", unitName: "seconds", helpText: "Time to answer a request, by route") }
    private static var decks: MetricNameDescriptor { MetricNameDescriptor(metricName: "decks", unitName: "stored", helpText: "Decks in the store") }
    private static var games: MetricNameDescriptor { MetricNameDescriptor(
        metricName: "memory_games", unitName: "stored", helpText: "Memorize games in the store") }

    private static let standardMethods: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]

    /// The counter and histogram of each method, route and status seen so far: the registry
    /// builds a name from the labels on every lookup, which is too slow for every request.
    private let series = Mutex([SeriesKey: (requests: Counter, durations: DurationHistogram)]())

    private struct SeriesKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    /// Counts a request and records its duration. Methods other than the standard ones are
    /// counted as `OTHER`, so that clients cannot make new series at will.
    func record(method: HTTPRequest.Method, route: String, status: Int, duration: Duration) {
        let method = Self.standardMethods.contains(method) ? method.rawValue : "OTHER"
        let key = SeriesKey(method: method, route: route, status: status)
        let metrics = series.withLock { series in
            if let known = series[key] { return known }
            let made = (
                requests: registry.makeCounter(
                    descriptor: Self.requests, labels: [("method", method), ("route", route), ("status", String(status))]),
                durations: registry.makeDurationHistogram(
                    descriptor: Self.durations, labels: [("route", route)], buckets: Self.buckets))
            series[key] = made
            return made
        }
        metrics.requests.increment()
        metrics.durations.record(duration)
    }

    /// Sets the stored-record gauges.
    func recordStored(decks: Int, games: Int) {
        registry.makeGauge(descriptor: Self.decks).set(Double(decks))
        registry.makeGauge(descriptor: Self.games).set(Double(games))
    }

    /// The metrics in Prometheus text format.
    func text() -> [UInt8] { registry.emitToBuffer() }
}
