import NIOCore

/// What the heavy-table case is asked to do.
struct HeavyRunSettings: Sendable {
    var server: ServerURL
    var pids: [Int32]
    var watchers: Int
    var changesPerSecond: Double
    var drawConnections: Int
    var phaseSeconds: Double
    var openConcurrency: Int
    var sourceAddresses: Int
}

/// The heavy table's case: a closed loop of draws on a plain deck, measured first alone and
/// then while watchers stream a ~90 KB table that changes `changesPerSecond` times a second.
/// What the watchers cost everyone else shows in the draws' rate and latency.
struct HeavyRun {
    let settings: HeavyRunSettings
    let loops: ClientLoops

    func run() async throws -> RunReport {
        let settings = self.settings
        var report = RunReport(mode: "heavy", streamServers: [settings.server.description], loadServers: [settings.server.description])
        let client = try await RequestClient(loop: loops.load, server: settings.server)
        let table = try await HeavyTable.make(client)
        let deckAnswer = try await client.ok("GET", "/api/deck/new/shuffle/?deck_count=1")
        guard let deck = JSONScan.reading(deckAnswer.body, { $0.string("deck_id") }) else {
            throw ConnectionError(description: "a new deck's answer without deck_id: \(deckAnswer.text)")
        }
        try await client.close()
        report.tables = 1
        log("heavy table: a view of \(grouped(table.viewBytes)) bytes (8 decks, every card face up on \(table.piles.count) piles)")

        let draws = try await DrawLoopHandle(loop: loops.load, server: settings.server, deck: deck, connections: settings.drawConnections)
        try await Clock.sleep(1)
        let aloneStart = Clock.now()
        try await Clock.sleep(settings.phaseSeconds)
        let aloneEnd = Clock.now()

        let plans = (0..<settings.watchers).map {
            StreamPlan(table: 0, tableID: table.id, token: nil, server: 0, source: $0 % max(settings.sourceAddresses, 1), reading: true)
        }
        report.readingStreams = plans.count
        report.sourceAddresses = settings.sourceAddresses
        let openStart = Clock.now()
        let streams = try await StreamSet.open(plans, servers: [settings.server], loops: loops.streams,
                                               concurrency: settings.openConcurrency, bindSources: settings.sourceAddresses > 0)
        report.openSeconds = Double(Clock.now() - openStart) / 1e9
        log("opened \(streams.count) watchers in \(format(report.openSeconds, 1)) s")

        let lead = 1.0
        let count = Int(((settings.phaseSeconds + lead + 0.5) * settings.changesPerSecond).rounded())
        let start = Clock.now() + Clock.nanoseconds(0.1)
        let changes = ChangeLoad.run(loop: loops.load, servers: [settings.server], connections: 1, rate: settings.changesPerSecond,
                                     count: count, start: start, plan: { HeavyChanges(table: table) })
        try await Clock.sleep(until: start + Clock.nanoseconds(lead))
        let cpuStart = try await CPUMark.now(pids: settings.pids, loops: loops.all)
        try await Clock.sleep(settings.phaseSeconds)
        let cpuEnd = try await CPUMark.now(pids: settings.pids, loops: loops.all)
        let outcome = try await changes.get()
        let samples = try await draws.stop()
        report.load = LoadFigures(outcome)

        let last = outcome.answers.map(\.version).max() ?? 0
        let waitEnd = Clock.now() + Clock.nanoseconds(10)
        while try await !streams.haveSeen([last]), Clock.now() < waitEnd { try await Clock.sleep(0.05) }
        let seen = try await streams.snapshot()
        try await streams.close()

        report.delivery = Delivery(answers: outcome.answers, streams: seen, tables: 1)
        report.cpu = CPUFigures(from: cpuStart, to: cpuEnd, events: Delivery.events(in: seen, from: cpuStart.time, to: cpuEnd.time))
        let alone = DrawFigures(samples, from: aloneStart, to: aloneEnd)
        let together = DrawFigures(samples, from: cpuStart.time, to: cpuEnd.time)
        report.heavy = HeavyFigures(
            viewBytes: table.viewBytes, watchers: settings.watchers, changesPerSecond: settings.changesPerSecond,
            drawConnections: settings.drawConnections, withoutWatchers: alone, withWatchers: together,
            rateRatio: together.perSecond / max(alone.perSecond, 1e-9))
        return report
    }
}
