import NIOCore

/// One answered request of the draw loop: when it was sent and when its answer arrived.
struct DrawSample: Sendable {
    var sent: UInt64
    var answered: UInt64
    /// Whether the answer was a 200.
    var ok: Bool
}

/// The rate and latency of the draw loop's requests answered within a window.
struct DrawFigures: Codable, Sendable {
    var requests: Int
    var perSecond: Double
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var maxMilliseconds: Double
    /// Requests answered with another status than 200, or not at all.
    var failed: Int

    init(_ samples: [DrawSample], from start: UInt64, to end: UInt64) {
        let inside = samples.filter { $0.answered >= start && $0.answered <= end }
        let latencies = inside.map { $0.answered - $0.sent }.sorted()
        requests = inside.count
        perSecond = Double(inside.count) / (Double(end - start) / 1e9)
        p50Milliseconds = Delivery.percentile(latencies, 0.5)
        p99Milliseconds = Delivery.percentile(latencies, 0.99)
        maxMilliseconds = latencies.last.map { Double($0) / 1e6 } ?? .nan
        failed = inside.filter { !$0.ok }.count
    }
}

/// A closed loop of draws on one plain deck: each connection draws a card as soon as its last
/// answer came, and shuffles the deck instead once a draw found it empty. Used only on its
/// event loop; ``DrawLoopHandle`` drives it from async code.
final class DrawLoop {
    private let loop: EventLoop
    private let deck: String
    private var connections: [KeepAliveConnection]
    private var shuffleNext: [Bool]
    private var samples: [DrawSample] = []
    private var stopping = false
    private var running: Int
    private let stopped: EventLoopPromise<[DrawSample]>

    init(loop: EventLoop, server: ServerURL, deck: String, connections: Int) {
        self.loop = loop
        self.deck = deck
        self.connections = (0..<connections).map { _ in KeepAliveConnection(loop: loop, server: server) }
        shuffleNext = Array(repeating: false, count: connections)
        running = connections
        stopped = loop.makePromise()
        samples.reserveCapacity(1 << 20)
        for lane in 0..<connections { request(lane) }
    }

    private func request(_ lane: Int) {
        guard !stopping else {
            running -= 1
            connections[lane].close()
            if running == 0 { stopped.succeed(samples) }
            return
        }
        let shuffle = shuffleNext[lane]
        let path = shuffle ? "/api/deck/\(deck)/shuffle/" : "/api/deck/\(deck)/draw/?count=1"
        let sent = Clock.now()
        connections[lane].send("GET", path) { result in
            switch result {
            case .success(let answer):
                self.samples.append(DrawSample(sent: sent, answered: answer.time, ok: answer.status == 200))
                let remaining = JSONScan.reading(answer.body) { $0.integer("remaining") }
                self.shuffleNext[lane] = answer.status != 200 || (!shuffle && remaining == 0)
            case .failure:
                // No connection: count it, and try again a little later rather than spin.
                self.samples.append(DrawSample(sent: sent, answered: Clock.now(), ok: false))
                self.loop.assumeIsolated().scheduleTask(in: .milliseconds(10)) { self.request(lane) }
                return
            }
            self.request(lane)
        }
    }

    /// Stops after the requests in flight; every sample.
    func stop() -> EventLoopFuture<[DrawSample]> {
        stopping = true
        return stopped.futureResult
    }
}

/// Starts and stops a ``DrawLoop`` from async code.
final class DrawLoopHandle: Sendable {
    private let loop: EventLoop
    private let draws: NIOLoopBound<DrawLoop>

    init(loop: EventLoop, server: ServerURL, deck: String, connections: Int) async throws {
        self.loop = loop
        draws = try await loop.submit {
            NIOLoopBound(DrawLoop(loop: loop, server: server, deck: deck, connections: connections), eventLoop: loop)
        }.get()
    }

    func stop() async throws -> [DrawSample] {
        let draws = self.draws
        return try await loop.flatSubmit { draws.value.stop() }.get()
    }
}
