import NIOCore

/// What a streams run (or a soak) is asked to do.
struct StreamRunSettings: Sendable {
    var streamServers: [ServerURL]
    var loadServers: [ServerURL]
    var pids: [Int32]
    var tables: Int
    var streamsPerTable: Int
    var players: Int
    var silentStreams: Int
    var sourceAddresses: Int
    var openConcurrency: Int
    var changesPerSecond: Double
    var seconds: Double
    var soakMinutes: Double?
    var loadConnections: Int
    var setupConnections: Int
    var sampleSeconds: Double
    var settleSeconds: Double
    var seed: UInt64
}

/// The streams run: tables, streams (reading and silent), memory before and with them, the
/// paced load with the CPU spent over it, and how the changes reached the streams.
struct StreamRun {
    let settings: StreamRunSettings
    let loops: ClientLoops

    func run() async throws -> RunReport {
        let settings = self.settings
        var report = RunReport(mode: settings.soakMinutes == nil ? "streams" : "soak",
                               streamServers: settings.streamServers.map(\.description), loadServers: settings.loadServers.map(\.description))
        let setupStart = Clock.now()
        let tables = try await TableSetup.makeTables(
            settings.tables, players: settings.players, deckCount: 2, servers: settings.loadServers, loop: loops.load,
            connections: settings.setupConnections)
        report.tables = tables.count
        report.setupSeconds = Double(Clock.now() - setupStart) / 1e9
        log("made \(tables.count) tables in \(format(report.setupSeconds, 1)) s")

        try await Clock.sleep(1)
        let before = settings.pids.map { ProcessProbe.residentKiB($0) ?? 0 }
        let plans = streamPlans(tables)
        report.readingStreams = plans.filter(\.reading).count
        report.silentStreams = plans.count - report.readingStreams
        report.sourceAddresses = settings.sourceAddresses
        let openStart = Clock.now()
        let streams = try await StreamSet.open(plans, servers: settings.streamServers, loops: loops.streams,
                                               concurrency: settings.openConcurrency, bindSources: settings.sourceAddresses > 0)
        report.openSeconds = Double(Clock.now() - openStart) / 1e9
        log("opened \(streams.count) streams in \(format(report.openSeconds, 1)) s; every stream has its first event")

        try await Clock.sleep(settings.settleSeconds)
        let with = settings.pids.map { ProcessProbe.residentKiB($0) ?? 0 }
        report.memory = memory(before: before, with: with, plans: plans)
        if !settings.pids.isEmpty {
            report.perStreamKiB = Double(zip(before, with).reduce(0) { $0 + $1.1 - $1.0 }) / Double(max(plans.count, 1))
        }

        let seconds = settings.soakMinutes.map { $0 * 60 } ?? settings.seconds
        let count = Int((seconds * settings.changesPerSecond).rounded())
        let start = Clock.now() + Clock.nanoseconds(1)
        let seed = settings.seed
        let load = ChangeLoad.run(
            loop: loops.load, servers: settings.loadServers, connections: settings.loadConnections, rate: settings.changesPerSecond,
            count: count, start: start, plan: { TableChanges(tables: tables, cardsPerTable: 104, seed: seed) })
        log("load: \(count) changes at \(format(settings.changesPerSecond, 0))/s over \(format(seconds, 0)) s on \(settings.loadConnections) connections")
        try await Clock.sleep(until: start)
        let cpuStart = try await CPUMark.now(pids: settings.pids, loops: loops.all)
        let sampler = Task { await sampleMemory(from: start) }
        let outcome = try await load.get()
        let cpuEnd = try await CPUMark.now(pids: settings.pids, loops: loops.all)
        sampler.cancel()
        report.rssSamples = await sampler.value
        report.load = LoadFigures(outcome)

        var lastVersions = Array(repeating: -1, count: tables.count)
        for answer in outcome.answers { lastVersions[answer.table] = max(lastVersions[answer.table], answer.version) }
        let waitEnd = Clock.now() + Clock.nanoseconds(10)
        while try await !streams.haveSeen(lastVersions), Clock.now() < waitEnd { try await Clock.sleep(0.05) }
        let seen = try await streams.snapshot()
        try await streams.close()

        report.delivery = Delivery(answers: outcome.answers, streams: seen, tables: tables.count)
        let events = Delivery.events(in: seen, from: cpuStart.time, to: cpuEnd.time)
        report.cpu = CPUFigures(from: cpuStart, to: cpuEnd, events: events)
        if let minutes = settings.soakMinutes { report.soak = SoakFigures(samples: report.rssSamples, minutes: minutes) }
        return report
    }

    /// The streams: for each table its players' (with their tokens) and watchers' (without),
    /// then the silent ones spread over the tables; round-robin over the servers and the
    /// source addresses.
    private func streamPlans(_ tables: [TableSeats]) -> [StreamPlan] {
        var plans: [StreamPlan] = []
        plans.reserveCapacity(tables.count * settings.streamsPerTable + settings.silentStreams)
        for (index, table) in tables.enumerated() {
            for seat in 0..<settings.streamsPerTable {
                plans.append(StreamPlan(table: index, tableID: table.id, token: seat < table.tokens.count ? table.tokens[seat] : nil,
                                        server: 0, source: 0, reading: true))
            }
        }
        for silent in 0..<settings.silentStreams {
            let index = silent % tables.count
            plans.append(StreamPlan(table: index, tableID: tables[index].id, token: nil, server: 0, source: 0, reading: false))
        }
        for index in plans.indices {
            plans[index].server = index % settings.streamServers.count
            plans[index].source = index % max(settings.sourceAddresses, 1)
        }
        return plans
    }

    /// Each instance's memory; the streams on server i are measured in `--server-pid` i.
    private func memory(before: [Int], with: [Int], plans: [StreamPlan]) -> [InstanceMemory] {
        settings.pids.indices.map { index in
            let streams = plans.filter { $0.server == index }.count
            return InstanceMemory(
                server: index < settings.streamServers.count ? settings.streamServers[index].description : "?",
                pid: settings.pids[index], streams: streams, beforeKiB: before[index], withStreamsKiB: with[index],
                perStreamKiB: Double(with[index] - before[index]) / Double(max(streams, 1)))
        }
    }

    /// The servers' resident sizes every `sampleSeconds` from `start` on, until cancelled
    /// (when the load has ended), and once more then.
    private func sampleMemory(from start: UInt64) async -> [RSSSample] {
        guard !settings.pids.isEmpty else { return [] }
        var samples: [RSSSample] = []
        func sample() {
            samples.append(RSSSample(seconds: Double(Clock.now() - start) / 1e9, kib: settings.pids.map { ProcessProbe.residentKiB($0) ?? 0 }))
        }
        var next = start
        while !Task.isCancelled {
            do { try await Clock.sleep(until: next) } catch { break }
            sample()
            next += Clock.nanoseconds(settings.sampleSeconds)
        }
        sample()
        return samples
    }
}
