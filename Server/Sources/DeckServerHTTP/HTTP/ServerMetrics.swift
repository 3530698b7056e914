import Prometheus

/// The Prometheus metrics `/metrics` shows: requests by route and status, their latency, and
/// the decks and games stored.
struct ServerMetrics: Sendable {
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

    /// Counts a request and records its duration.
    func record(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.requests, labels: [("method", method), ("route", route), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(descriptor: Self.durations, labels: [("route", route)], buckets: Self.buckets)
            .record(duration)
    }

    /// Sets the stored-record gauges.
    func recordStored(decks: Int, games: Int) {
        registry.makeGauge(descriptor: Self.decks).set(Double(decks))
        registry.makeGauge(descriptor: Self.games).set(Double(games))
    }

    /// The metrics in Prometheus text format.
    func text() -> [UInt8] { registry.emitToBuffer() }
}
