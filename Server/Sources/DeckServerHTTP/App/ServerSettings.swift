public import DeckService
public import Foundation

/// How a deck server runs: where it listens, how it links to itself, its limits and jobs.
public struct ServerSettings: Sendable, Hashable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port to listen on; 0 picks a free one.
    public var port = 8080
    /// The base URL for image links (such as `https://cards.example.org`); `nil` follows the
    /// request's `Host` (and, with ``trustProxy``, a proxy's `X-Forwarded-Host` and
    /// `X-Forwarded-Proto`).
    public var publicURL: String?
    /// Whether a proxy the operator runs stands in front of the server, so that its
    /// `X-Forwarded-For`, `-Host` and `-Proto` are believed; any client can send them.
    public var trustProxy = false
    /// Decks and games one client address may make at once, and then per minute; `nil` for no
    /// limit.
    public var creationsPerMinute: Int? = 600
    /// The bytes of background images one client address may store a day (as re-encoded), in a
    /// burst and then spread over the day; past it, 429 with `Retry-After`. `nil` for no limit.
    public var uploadBytesPerDay: Int? = 64 * 1024 * 1024
    /// The `Access-Control-Allow-Origin` value for every answer; `nil` sends no CORS headers.
    public var corsOrigin: String? = "*"
    /// The most memory rendered card images may take.
    public var imageCacheBytes = 64 * 1024 * 1024
    /// The most memory the table background images served may take.
    public var backgroundCacheBytes = 64 * 1024 * 1024
    /// How long a background image is served from memory before the store is read for it
    /// again (a change through another server reaches this one's readers within it).
    public var backgroundLifetime: Duration = .seconds(30)
    /// How long a connection may stall at each stage before it is closed.
    public var timeouts = ConnectionTimeouts()
    /// The most connections open at once; past it, new ones wait in the listen queue. `nil`
    /// takes ``FileLimit/defaultMaxConnections(files:)`` of the process's file limit.
    public var maxConnections: Int?
    /// The most connections one client address may hold open at once; past it, a new one is
    /// closed as soon as it is accepted. `nil` for no limit; no limit applies behind a proxy
    /// the server trusts (``trustProxy``), where every connection is the proxy's.
    public var maxConnectionsPerClient: Int? = 128
    /// Card images rendered at once, each on a thread of its own, away from the threads that
    /// serve requests.
    public var imageRenderers = 1
    /// Image renders that may wait for a renderer; past it, an uncached image is answered 503
    /// with `Retry-After`.
    public var imageQueue = 32
    /// Table event streams open at once; past it, a new stream is answered 503. `nil` takes
    /// ``FileLimit/defaultMaxStreams(connections:)`` of the connection bound.
    public var maxStreams: Int?
    /// Table event streams one client address may hold at once (its address as
    /// ``ClientAddress`` tells it); past it, 429 with `Retry-After`. `nil` for no limit.
    public var maxStreamsPerClient: Int? = 32
    /// How long an event stream's client may take no bytes before its connection is reset.
    public var streamWriteTimeout: Duration = .seconds(30)
    /// How long a table event stream may stay quiet before it gets a comment line; each
    /// interval, the watched tables are also read again, so that a table deleted as idle ends
    /// its streams.
    public var keepAliveInterval: Duration = .seconds(15)
    /// The settings of the service's table events that these give (``keepAliveInterval``): pass
    /// them to the ``DeckService`` the server is built over.
    public var streams: TableEvents.Settings {
        TableEvents.Settings(keepAliveInterval: keepAliveInterval)
    }
    /// The streams the server holds at once: ``maxStreams``, or the default of the connection
    /// bound.
    var streamLimit: Int {
        maxStreams ?? FileLimit.defaultMaxStreams(connections: maxConnections ?? FileLimit.defaultMaxConnections(files: FileLimit.softLimit()))
    }
    /// How long a deck or game may stay unchanged before it is deleted.
    public var idleTime: TimeInterval = 14 * 24 * 3600
    /// How often the idle-record job runs.
    public var expiryInterval: TimeInterval = 3600

    /// Whether requests that deckofcardsapi carries out in part (a draw of more cards than
    /// remain, cards listed that cannot move, unknown codes in a list, a deck count out of
    /// range) are refused whole with a 4xx, as new apps may prefer, instead of answered as the
    /// reference answers them. A request's `strict=true` or `strict=false` overrides it.
    public var strict = false

    /// The defaults.
    public init() {}
}
