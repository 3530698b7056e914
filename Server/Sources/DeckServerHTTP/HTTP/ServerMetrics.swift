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

    /// Counts a request and records its duration.
    func record(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            name: "http_requests_total",
            labels: [("method", method), ("route", route), ("status", String(status))],
            help: "HTTP requests answered, by method, route and status"
        ).increment()
        registry.makeDurationHistogram(
            name: "http_request_duration_seconds", labels: [("route", route)], buckets: Self.buckets,
            help: "Time to answer a request, by route"
        ).record(duration)
    }

    /// Sets the stored-record gauges.
    func recordStored(decks: Int, games: Int) {
        registry.makeGauge(name: "decks_stored", help: "Decks in the store").set(Double(decks))
        registry.makeGauge(name: "memory_games_stored", help: "Memorize games in the store").set(Double(games))
    }

    /// The metrics in Prometheus text format.
    func text() -> [UInt8] { registry.emitToBuffer() }
}
