import HTTPTypes
import Prometheus
import Synchronization

/// The Prometheus metrics `/metrics` shows: requests by route and status, their latency, the
/// decks, games and tables stored, and the table event streams: open now, events sent and
/// events dropped (replaced by newer ones before they were sent).
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
    private static var tables: MetricNameDescriptor { MetricNameDescriptor(metricName: "tables", unitName: "stored", helpText: "Card tables in the store") }
    private static var openStreams: MetricNameDescriptor { MetricNameDescriptor(
        metricName: "table_event_streams", unitName: "open", helpText: "Table event streams open on this server") }
    private static var uploads: MetricNameDescriptor { MetricNameDescriptor(
        metricName: "background_uploads", unitName: "in_progress",
        helpText: "Background uploads being received, decoded or stored on this server (at most 8)") }
    private static var sentEvents: MetricNameDescriptor { MetricNameDescriptor(
        metricName: "table_events_sent", unitName: "total", helpText: "Table events written to event stream clients") }
    private static var droppedEvents: MetricNameDescriptor { MetricNameDescriptor(
        metricName: "table_events_dropped", unitName: "total",
        helpText: "Table events a stream replaced with a newer one before sending them (a slow reader skips to the newest state)") }

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

    /// The event totals already added to the counters, which are advanced to the tally's
    /// totals when the metrics are read.
    private let streamTotals = Mutex((sent: 0, dropped: 0))

    /// Sets the stored-record gauges.
    func recordStored(decks: Int, games: Int, tables: Int) {
        registry.makeGauge(descriptor: Self.decks).set(Double(decks))
        registry.makeGauge(descriptor: Self.games).set(Double(games))
        registry.makeGauge(descriptor: Self.tables).set(Double(tables))
    }

    /// Sets the open-stream gauge, and advances the event counters to the totals `sent` and
    /// `dropped` (which only grow).
    func recordStreams(open: Int, sent: Int, dropped: Int) {
        registry.makeGauge(descriptor: Self.openStreams).set(Double(open))
        let (sentCounter, droppedCounter) = (registry.makeCounter(descriptor: Self.sentEvents), registry.makeCounter(descriptor: Self.droppedEvents))
        streamTotals.withLock { totals in
            if sent > totals.sent { sentCounter.increment(by: Int64(sent - totals.sent)) }
            if dropped > totals.dropped { droppedCounter.increment(by: Int64(dropped - totals.dropped)) }
            totals = (max(sent, totals.sent), max(dropped, totals.dropped))
        }
    }

    /// Sets the uploads-in-progress gauge.
    func recordUploads(inProgress count: Int) {
        registry.makeGauge(descriptor: Self.uploads).set(Double(count))
    }

    /// The metrics in Prometheus text format.
    func text() -> [UInt8] { registry.emitToBuffer() }
}
