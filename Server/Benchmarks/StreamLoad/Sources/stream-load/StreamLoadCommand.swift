import ArgumentParser
import FoundationEssentials
import NIOCore
import NIOPosix

/// `stream-load`: the client of the table events benchmark (bench-table-events.py).
@main
struct StreamLoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream-load",
        abstract: "Opens many table event streams on deck-servers, changes their tables at a set pace, and measures how the changes reach the streams.",
        discussion: """
            Makes --tables tables of --players players (through the --load-server URLs), opens --streams-per-table \
            streams on each (the players' with their tokens, the rest without) round-robin over the \
            --stream-server URLs, each connection bound to one of 127.0.0.2… (--source-addresses), then \
            makes --changes-per-second changes for --seconds (a draw, or a shuffle when the deck runs \
            low) and reports, for every change and every stream of its table, the time from the answer \
            to the first event that shows it. With --server-pid (one per --stream-server, in order), also \
            the servers' memory per stream and CPU per delivered event. Exits 1 when a change went unseen \
            or the server dropped a stream, 2 when the run could not be made (a stream refused, say).
            """)

    @Option(name: .customLong("stream-server"), help: "A server's base URL for streams (repeat for several).")
    var streamServers: [ServerURL] = []
    @Option(name: .customLong("load-server"), help: "A server's base URL for setup and changes (repeatable; default: the stream servers).")
    var loadServers: [ServerURL] = []
    @Option(name: .customLong("server-pid"), help: "A server's process id, for its memory and CPU (repeatable, in --stream-server order).")
    var pids: [Int32] = []
    @Option(help: "Tables.") var tables = 1600
    @Option(help: "Reading streams on each table (the first --players with seat tokens).") var streamsPerTable = 10
    @Option(help: "Players seated at each table.") var players = 4
    @Option(help: "Streams more that never read past their head (slow readers), spread over the tables.") var silentStreams = 0
    @Option(help: "Local source addresses 127.0.0.2… to spread the connections over (default: one per 4,000; 0: no binding).")
    var sourceAddresses: Int?
    @Option(help: "Streams being opened at once.") var openConcurrency = 128
    @Option(help: "Changes a second.") var changesPerSecond = 1000.0
    @Option(help: "Seconds of load.") var seconds = 20.0
    @Option(help: "Run the load this many minutes instead, sampling the servers' memory every 10 s.") var soakMinutes: Double?
    @Option(help: "Keep-alive connections for the load (default: one per 10 changes a second, at least 16, so that pacing holds while answers take up to 100 ms).") var loadConnections: Int?
    @Option(help: "Connections making the tables.") var setupConnections = 4
    @Option(help: "Seconds between samples of the servers' memory during the load.") var sampleSeconds = 10.0
    @Option(help: "Seconds between the last stream's first event and the memory reading.") var settleSeconds = 2.0
    @Option(help: "Event-loop threads: with one, streams and load share it; with more, the load has the last to itself.") var threads = 1
    @Option(help: "Seed of the load's choices.") var seed: UInt64 = 1
    @Option(help: "Write every figure to this file as JSON.") var json: String?
    @Flag(help: "The heavy-table case instead: draws on a plain deck alone, then beside watchers of a ~90 KB table.") var heavy = false
    @Option(help: "Heavy: watcher streams on the heavy table.") var watchers = 300
    @Option(help: "Heavy: changes a second to the heavy table.") var heavyChangesPerSecond = 20.0
    @Option(help: "Heavy: connections of the closed loop of draws.") var drawConnections = 8
    @Option(help: "Heavy: seconds of each phase.") var phaseSeconds = 10.0

    func validate() throws {
        guard !streamServers.isEmpty else { throw ValidationError("give at least one --stream-server http://host:port") }
        guard tables > 0, streamsPerTable >= 0, players >= 1, players <= 8, threads >= 1, changesPerSecond > 0 else {
            throw ValidationError("tables, threads and changes a second must be positive, players 1 to 8")
        }
    }

    func run() async throws {
        let limit = ProcessProbe.raiseFileLimit()
        let connections = heavy ? watchers : tables * streamsPerTable + silentStreams
        if connections + 64 > limit {
            log("warning: \(connections) streams with a file limit of \(limit)")
        }
        let sources = sourceAddresses ?? max(1, (connections + 3999) / 4000)
        let loops = ClientLoops(threads: threads)
        let report: RunReport
        do {
            if heavy {
                report = try await HeavyRun(
                    settings: HeavyRunSettings(
                        server: streamServers[0], pids: pids, watchers: watchers, changesPerSecond: heavyChangesPerSecond,
                        drawConnections: drawConnections, phaseSeconds: phaseSeconds, openConcurrency: openConcurrency,
                        sourceAddresses: sources),
                    loops: loops
                ).run()
            } else {
                report = try await StreamRun(
                    settings: StreamRunSettings(
                        streamServers: streamServers, loadServers: loadServers.isEmpty ? streamServers : loadServers, pids: pids,
                        tables: tables, streamsPerTable: streamsPerTable, players: players,
                        silentStreams: silentStreams, sourceAddresses: sources, openConcurrency: openConcurrency,
                        changesPerSecond: changesPerSecond, seconds: seconds, soakMinutes: soakMinutes,
                        loadConnections: loadConnections ?? max(16, Int((changesPerSecond / 10).rounded(.up))),
                        setupConnections: setupConnections, sampleSeconds: soakMinutes == nil ? sampleSeconds : 10,
                        settleSeconds: settleSeconds, seed: seed),
                    loops: loops
                ).run()
            }
        } catch {
            log("the run failed: \(error)")
            throw ExitCode(2)
        }
        await loops.shutdown()
        print(report.text)
        if let json { try write(report, to: json) }
        if report.delivery.unseen > 0 || report.delivery.droppedStreams > 0 {
            log("FAILED: \(report.delivery.unseen) (change, stream) pairs never seen, \(report.delivery.droppedStreams) streams dropped")
            throw ExitCode(1)
        }
    }

    /// Writes `report` as JSON; a figure without a value (no samples) is written as NaN, which
    /// Python's json reads.
    private func write(_ report: RunReport, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        var text = String(decoding: try encoder.encode(report), as: UTF8.self)
        for constant in ["NaN", "Infinity", "-Infinity"] {
            text = text.replacing("\"\(constant)\"", with: constant)
        }
        try Data(text.utf8).write(to: URL(filePath: path))
    }
}
