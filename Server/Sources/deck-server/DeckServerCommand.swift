import ArgumentParser
import DeckServerHTTP
import DeckService
import DeckStorePostgres
import DeckStoreSQLite
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// `deck-server`: the deck API, compatible with deckofcardsapi.
@main
struct DeckServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deck-server",
        abstract: "A deck-of-cards HTTP API, compatible with deckofcardsapi.",
        discussion: """
            Serves /api/deck/… (see /openapi.json), card images under /static/img/, a home page at /, \
            /healthz and /metrics. Decks are kept in a SQLite file under --data, or with --database in \
            PostgreSQL, which many deck-server instances can share.

            Examples:
              deck-server                                  127.0.0.1:8080, data in ./data
              deck-server --host 0.0.0.0 --port 9000 --data /var/lib/deck-server
              deck-server --public-url https://cards.example.org
              deck-server --strict                         refuse partial requests whole (4xx)
              deck-server --database postgres://deck@127.0.0.1:5432/decks

            Exit codes: 0 after a clean stop (SIGTERM or SIGINT, once every request received is \
            answered, or --drain-timeout has passed), 64 for bad options, 69 when the address cannot be listened on (the port is in \
            use) or the store cannot be opened (the database does not answer within 30 seconds), 70 when a stop took over \
            --drain-timeout and 20 seconds (something kept it from ending; standard error says so).
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free port).")
    var port = 8080

    @Option(help: "The folder for the SQLite database (created if missing).")
    var data = "./data"

    @Option(help: "A PostgreSQL database to keep decks in instead, shared by any number of servers: postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require].")
    var database: String?

    @Option(help: "Connections to the PostgreSQL database at most.")
    var databaseConnections = 20

    @Option(help: "The base URL for image links, such as https://cards.example.org (default: from the request's Host).")
    var publicURL: String?

    @Flag(help: "Believe X-Forwarded-For, X-Forwarded-Host and X-Forwarded-Proto: only behind a proxy you run, which sets them.")
    var trustProxy = false

    @Flag(help: "Refuse with a 4xx, changing nothing, the requests deckofcardsapi carries out in part or answers 200 (a draw of more cards than remain, cards listed that cannot move, unknown card codes, a deck count out of range); a request's strict=false overrides it.")
    var strict = false

    @Option(help: "Decks and games one client address may make at once, and then per minute (0: no limit).")
    var creationsPerMinute = 600

    @Option(help: "The Access-Control-Allow-Origin value, or 'none' for no CORS headers.")
    var corsOrigin = "*"

    @Option(help: "Days a deck may stay unchanged before it is deleted.")
    var idleDays: Double = 14

    @Option(help: "Seconds between runs of the idle-deck job.")
    var expiryInterval: Double = 3600

    @Option(help: "Megabytes of memory for rendered card images.")
    var imageCacheMb = 64

    @Option(help: "Seconds a kept-alive connection may wait with no request before it is closed.")
    var idleTimeout: Double = 60

    @Option(help: "Seconds a request's head (request line and headers) may take from its first byte.")
    var headTimeout: Double = 10

    @Option(help: "Seconds a request's body may take from the end of its head.")
    var bodyTimeout: Double = 30

    @Option(help: "Connections open at once at most; more wait to be accepted (default: the file limit less 128, at most 16384).")
    var maxConnections: Int?

    @Option(help: "Megabytes of background images one client address may store a day (as re-encoded); past that 429 (0: no limit).")
    var uploadMbPerDay = 64

    @Option(help: "Connections one client address may hold open at once; past that a new one is closed when accepted (0: no limit; none applies with --trust-proxy).")
    var maxConnectionsPerClient = 128

    @Option(help: "Seconds the server waits, once told to stop, for answers still being written; then it resets every connection left.")
    var drainTimeout: Double = 10

    @Option(help: "Card images rendered at once, each on its own thread.")
    var imageRenderers = 1

    @Option(help: "Image renders that may wait; past that an uncached image is answered 503 with Retry-After.")
    var imageQueue = 32

    @Option(help: "Table event streams open at once at most; past that a new stream is answered 503 (default: three quarters of --max-connections).")
    var maxStreams: Int?

    @Option(help: "Table event streams one client address may hold at once; past that 429 (0: no limit).")
    var maxStreamsPerClient = 32

    @Option(help: "Seconds a table event stream's client may take no bytes before its connection is reset.")
    var streamWriteTimeout: Double = 30

    @Option(help: "Seconds a table event stream may stay quiet before it gets a comment line; watched tables are read again as often.")
    var keepAliveInterval: Double = 15

    @Option(help: "Seconds a seat's hold of a stack on the free-form table lasts unless renewed (pages renew it every 2 s while dragging).")
    var holdSeconds: Double = 5

    @Option(help: "Log level: trace, debug, info (one line per request), notice, warning, error.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port: give 0 to 65535") }
        guard idleDays > 0, idleDays.isFinite else { throw ValidationError("--idle-days \(idleDays) is not allowed: give a number of days above 0") }
        guard expiryInterval >= 1, expiryInterval.isFinite else { throw ValidationError("--expiry-interval \(expiryInterval) is not allowed: give 1 second or more") }
        guard (1...1000).contains(databaseConnections) else { throw ValidationError("--database-connections \(databaseConnections) is not allowed: give 1 to 1000") }
        if let database {
            do throws(PostgresDatabaseURL.ParseError) {
                _ = try PostgresDatabaseURL(database)
            } catch {
                throw ValidationError("--database \(error.message)")
            }
        }
        guard (0...1_000_000).contains(creationsPerMinute) else {
            throw ValidationError("--creations-per-minute \(creationsPerMinute) is not allowed: give 0 (no limit) to 1000000")
        }
        for (name, seconds) in [("--idle-timeout", idleTimeout), ("--head-timeout", headTimeout), ("--body-timeout", bodyTimeout),
                                ("--drain-timeout", drainTimeout), ("--stream-write-timeout", streamWriteTimeout)] {
            guard seconds > 0, seconds <= 86400 else {
                throw ValidationError("\(name) \(seconds) is not allowed: give more than 0 and at most 86400 seconds")
            }
        }
        if let maxConnections, !(1...1_000_000).contains(maxConnections) {
            throw ValidationError("--max-connections \(maxConnections) is not allowed: give 1 to 1000000")
        }
        guard (0...1_000_000).contains(uploadMbPerDay) else {
            throw ValidationError("--upload-mb-per-day \(uploadMbPerDay) is not allowed: give 0 (no limit) to 1000000")
        }
        guard (0...1_000_000).contains(maxConnectionsPerClient) else {
            throw ValidationError("--max-connections-per-client \(maxConnectionsPerClient) is not allowed: give 0 (no limit) to 1000000")
        }
        guard (1...64).contains(imageRenderers) else { throw ValidationError("--image-renderers \(imageRenderers) is not allowed: give 1 to 64") }
        guard (0...10_000).contains(imageQueue) else { throw ValidationError("--image-queue \(imageQueue) is not allowed: give 0 to 10000") }
        if let maxStreams, !(0...1_000_000).contains(maxStreams) {
            throw ValidationError("--max-streams \(maxStreams) is not allowed: give 0 (no streams) to 1000000")
        }
        guard (0...1_000_000).contains(maxStreamsPerClient) else {
            throw ValidationError("--max-streams-per-client \(maxStreamsPerClient) is not allowed: give 0 (no limit) to 1000000")
        }
        guard keepAliveInterval >= 0.05, keepAliveInterval <= 3600 else {
            throw ValidationError("--keep-alive-interval \(keepAliveInterval) is not allowed: give 0.05 to 3600 seconds")
        }
        guard holdSeconds >= 5, holdSeconds <= 3600 else {
            throw ValidationError("--hold-seconds \(holdSeconds) is not allowed: give 5 to 3600 seconds (pages renew a hold every 2 s)")
        }
        guard (1...4096).contains(imageCacheMb) else { throw ValidationError("--image-cache-mb \(imageCacheMb) is not allowed: give 1 to 4096") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level '\(logLevel)' is not a level: give trace, debug, info, notice, warning, error or critical") }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--public-url '\(publicURL)' is not an http or https URL, such as https://cards.example.org")
            }
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { BufferedLogHandler(label: $0, output: .standardError) }
        defer { LogOutput.standardError.flush() }
        var logger = Logger(label: "deck-server")
        logger.logLevel = Logger.Level(rawValue: logLevel)!
        var settings = ServerSettings()
        settings.host = host
        settings.port = port
        settings.publicURL = publicURL
        settings.trustProxy = trustProxy
        settings.strict = strict
        settings.creationsPerMinute = creationsPerMinute == 0 ? nil : creationsPerMinute
        settings.corsOrigin = corsOrigin == "none" ? nil : corsOrigin
        settings.idleTime = idleDays * 24 * 3600
        settings.expiryInterval = expiryInterval
        settings.imageCacheBytes = imageCacheMb * 1024 * 1024
        settings.timeouts.idle = .seconds(idleTimeout)
        settings.timeouts.head = .seconds(headTimeout)
        settings.timeouts.body = .seconds(bodyTimeout)
        settings.timeouts.drain = .seconds(drainTimeout)
        settings.imageRenderers = imageRenderers
        settings.imageQueue = imageQueue
        settings.maxStreams = maxStreams
        settings.maxStreamsPerClient = maxStreamsPerClient == 0 ? nil : maxStreamsPerClient
        settings.streamWriteTimeout = .seconds(streamWriteTimeout)
        settings.keepAliveInterval = .seconds(keepAliveInterval)
        let files = FileLimit.raiseToHardLimit()
        settings.maxConnections = maxConnections ?? FileLimit.defaultMaxConnections(files: files)
        settings.maxConnectionsPerClient = maxConnectionsPerClient == 0 ? nil : maxConnectionsPerClient
        settings.uploadBytesPerDay = uploadMbPerDay == 0 ? nil : uploadMbPerDay * 1024 * 1024

        // Before the store opens and any job runs: a port in use is a clear exit, not a
        // failure after the idle-deck job already ran.
        if port != 0 {
            do {
                try await ListenCheck.bind(host: host, port: port)
            } catch {
                logger.critical("cannot listen on \(host):\(port): \(error)")
                throw ExitCode(69)
            }
        }

        let store: any RecordStore
        var storeService: (any Service)?
        var tableFeed: any TableChangeFeed = LocalTableFeed()
        do {
            if let database {
                let url = try PostgresDatabaseURL(database)
                let postgres = try await PostgresRecordStore.open(url: url, connections: databaseConnections, logger: logger)
                (store, storeService) = (postgres, postgres)
                tableFeed = PostgresTableFeed(url: url, logger: logger)
            } else {
                store = try SQLiteRecordStore(folder: data)
            }
        } catch {
            logger.critical("\(error)")
            throw ExitCode(69)
        }
        var limits = DeckService.Limits()
        limits.holdDuration = holdSeconds
        let service = DeckService(store: store, limits: limits, tableFeed: tableFeed, streams: settings.streams)
        let app = buildDeckServer(settings: settings, service: service, storeService: storeService, logger: logger)
        // A stop past --drain-timeout and 10 s is escalated to cancellation, and past 20 s the
        // process exits (70): a stuck stop never keeps a server that no longer listens.
        var configuration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(drainTimeout + 10)
        let (serviceGroup, deadline) = (ServiceGroup(configuration: configuration), StopDeadline(limit: .seconds(drainTimeout + 20)))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await deadline.watch() }
            defer { group.cancelAll() }
            try await serviceGroup.run()
        }
    }
}

