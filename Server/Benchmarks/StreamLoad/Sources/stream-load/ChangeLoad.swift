import NIOCore

/// What the paced load sends, change after change; used only on the load's event loop.
protocol ChangePlan: AnyObject {
    /// Change number `index`: its table (an index into the run's tables), path and seat token.
    func change(_ index: Int) -> (table: Int, path: String, token: String)
    /// Learns from the 200 answer to a change of `table`; returns the version it made.
    func answered(table: Int, answer: Answer) -> Int?
}

/// A change the server answered: its table, the version it made and when the answer arrived.
struct AnsweredChange: Sendable {
    var table: Int
    var version: Int
    var time: UInt64
}

/// The outcome of a paced load.
struct LoadOutcome: Sendable {
    var answers: [AnsweredChange] = []
    /// Changes scheduled, sent, and answered with another status than 200 (or not at all).
    var scheduled = 0
    var sent = 0
    var refused = 0
    var firstRefusal: String?
    /// How late each change was sent after its scheduled time, in nanoseconds.
    var lateness: [UInt64] = []
    var started: UInt64 = 0
    var ended: UInt64 = 0
}

/// An open-loop load: change `i` is due at `start + i / rate`, whatever the answers before it;
/// a few keep-alive connections (each to one of the servers, in turn) take the changes in
/// order, each sending its next as soon as it is due and it is free. When every connection is
/// waiting for an answer, the due changes wait: how late each was sent is recorded, so that a
/// load that could not keep its pace says so.
final class ChangeLoad {
    private let loop: EventLoop
    private let plan: any ChangePlan
    private let rate: Double
    private let start: UInt64
    private var connections: [KeepAliveConnection]
    private var next = 0
    private var idle = 0
    private var outcome = LoadOutcome()
    private let done: EventLoopPromise<LoadOutcome>

    private init(loop: EventLoop, servers: [ServerURL], connections: Int, rate: Double, count: Int, start: UInt64, plan: any ChangePlan) {
        self.loop = loop
        self.plan = plan
        self.rate = rate
        self.start = start
        self.connections = (0..<connections).map { KeepAliveConnection(loop: loop, server: servers[$0 % servers.count]) }
        outcome.scheduled = count
        outcome.answers.reserveCapacity(count)
        outcome.lateness.reserveCapacity(count)
        done = loop.makePromise()
    }

    /// Runs `count` changes of the plan `makePlan` makes (on the loop) at `rate` a second from
    /// `start` on, over `connections` connections; the outcome once the last is answered.
    static func run(
        loop: EventLoop, servers: [ServerURL], connections: Int, rate: Double, count: Int, start: UInt64,
        plan makePlan: @escaping @Sendable () -> any ChangePlan
    ) -> EventLoopFuture<LoadOutcome> {
        loop.flatSubmit {
            let load = ChangeLoad(loop: loop, servers: servers, connections: connections, rate: rate, count: count, start: start, plan: makePlan())
            load.outcome.started = start
            for index in load.connections.indices { load.takeNext(index) }
            return load.done.futureResult
        }
    }

    private func due(_ index: Int) -> UInt64 { start + UInt64((Double(index) * 1e9 / rate).rounded()) }

    /// Connection `lane` is free: it takes the next change, now or when it is due.
    private func takeNext(_ lane: Int) {
        guard next < outcome.scheduled else {
            idle += 1
            if idle == connections.count {
                outcome.ended = Clock.now()
                for connection in connections { connection.close() }
                done.succeed(outcome)
            }
            return
        }
        let index = next
        next += 1
        let due = due(index)
        if Clock.now() >= due {
            send(index, due: due, lane: lane)
        } else {
            loop.assumeIsolated().scheduleTask(deadline: Clock.deadline(due)) { self.send(index, due: due, lane: lane) }
        }
    }

    private func send(_ index: Int, due: UInt64, lane: Int) {
        let now = Clock.now()
        outcome.lateness.append(now > due ? now - due : 0)
        outcome.sent += 1
        let (table, path, token) = plan.change(index)
        connections[lane].send("POST", path, token: token) { result in
            switch result {
            case .success(let answer) where answer.status == 200:
                if let version = self.plan.answered(table: table, answer: answer) {
                    self.outcome.answers.append(AnsweredChange(table: table, version: version, time: answer.time))
                }
            case .success(let answer):
                self.refused("\(path) answered \(answer.status): \(answer.text)")
            case .failure(let error):
                self.refused("\(path): \(error)")
            }
            self.takeNext(lane)
        }
    }

    private func refused(_ message: String) {
        outcome.refused += 1
        if outcome.firstRefusal == nil { outcome.firstRefusal = message }
    }
}
