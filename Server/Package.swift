// swift-tools-version: 6.1
import PackageDescription

// The products the targets use, by the package that has them: `products("NIOCore", "Logging")`
// names each with its package. A product missing here fails the manifest with its name.
let productsByPackage: KeyValuePairs<String, [String]> = [
    "swift-playing-cards": ["PlayingCards", "PlayingCardsProvablyFair", "Memorize", "PlayingCardRendering", "render-card", "deal"],
    "hummingbird": ["Hummingbird", "HummingbirdCore", "HummingbirdTesting"],
    "swift-nio": ["NIOCore", "NIOPosix", "NIOHTTP1", "NIOEmbedded"],
    "swift-nio-extras": ["NIOHTTPTypes", "NIOHTTPTypesHTTP1"],
    "swift-service-lifecycle": ["ServiceLifecycle", "UnixSignals"],
    "swift-http-types": ["HTTPTypes"], "swift-log": ["Logging"], "swift-prometheus": ["Prometheus"],
    "swift-argument-parser": ["ArgumentParser"], "swift-crypto": ["Crypto"], "GRDB.swift": ["GRDB"],
    "postgres-nio": ["PostgresNIO"], "async-http-client": ["AsyncHTTPClient"], "swift-subprocess": ["Subprocess"],
    "swift-system": ["SystemPackage"], "swift-property-based": ["PropertyBased"],
    "DeckClient": ["DeckClient"], "swift-openapi-runtime": ["OpenAPIRuntime"],
]

func products(_ names: String...) -> [Target.Dependency] {
    names.map { name in
        guard let package = productsByPackage.first(where: { $0.value.contains(name) })?.key else {
            fatalError("Package.swift: no package in productsByPackage lists the product \(name); add it there")
        }
        return .product(name: name, package: package)
    }
}

let package = Package(
    name: "deck-server",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "deck-server", targets: ["deck-server"]),
    ],
    dependencies: [
        .package(name: "swift-playing-cards", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // DeckClient, for its tests against this package's deck-server (in this package's build,
        // so that the NIO and HTTP packages they share are built once).
        .package(name: "DeckClient", path: "../Clients/DeckClient"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    ],
    targets: [
        // The application layer: deck and game operations on library values, a store protocol;
        // no HTTP and no SQL. (Crypto: SHA-256 of table seats' tokens.)
        .target(name: "DeckService", dependencies: products("PlayingCards", "PlayingCardsProvablyFair", "Memorize", "Crypto")),
        // What both stores use: the batching of changes to one record, and an in-memory store
        // for tests and the route listing.
        .target(name: "DeckStoreSupport", dependencies: ["DeckService"]),
        // The embedded store: one SQLite file in WAL mode, through GRDB.
        .target(name: "DeckStoreSQLite", dependencies: ["DeckService", "DeckStoreSupport"] + products("GRDB")),
        // The shared store: one PostgreSQL database for many server instances, through
        // postgres-nio's connection pool.
        .target(
            name: "DeckStorePostgres",
            dependencies: ["DeckService", "DeckStoreSupport"]
                + products("PostgresNIO", "Crypto", "NIOCore", "NIOPosix", "Logging", "ServiceLifecycle")
        ),
        // HTTP: routes, parameters, JSON answers and errors, card images, pages, metrics.
        .target(
            name: "DeckServerHTTP",
            dependencies: ["DeckService", "DeckStoreSupport", "CGdkPixbuf"]
                + products("PlayingCards", "Memorize", "PlayingCardRendering", "Hummingbird", "HummingbirdCore")
                + products("NIOCore", "NIOHTTP1", "NIOPosix", "NIOHTTPTypesHTTP1", "HTTPTypes")
                + products("Logging", "Prometheus", "ServiceLifecycle"),
            resources: [.embedInCode("Public"), .embedInCode("Layouts")]
        ),
        // gdk-pixbuf, as the Debian package installs it: decodes and re-encodes background images.
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .executableTarget(
            name: "deck-server",
            dependencies: ["DeckService", "DeckStoreSQLite", "DeckStorePostgres", "DeckServerHTTP"]
                + products("ArgumentParser", "Hummingbird", "Logging", "NIOCore", "NIOPosix", "ServiceLifecycle", "UnixSignals")
        ),
        // Times the JSON answers with the server's encoder and Foundation's (make bench-server).
        .executableTarget(
            name: "answer-encoding-benchmark",
            dependencies: ["DeckServerHTTP", "DeckService", "DeckStoreSupport"],
            path: "Benchmarks/AnswerEncoding"
        ),
        // Times the SQLite writer's hold for a 432-card table's actions against the heaviest deck
        // requests of a 1,080-card shoe.
        .executableTarget(
            name: "table-writer-benchmark",
            dependencies: ["DeckService", "DeckStoreSQLite"] + products("PlayingCards"),
            path: "Benchmarks/TableWriter"
        ),
        // What the tests and stream-load share: the one launcher of deck-server processes (one or
        // two on a database), the throw-away PostgreSQL cluster, raw sockets, waits for an event,
        // a clock the tests move, and the one reader of event streams (head, chunks, lines).
        .target(
            name: "DeckTestSupport",
            dependencies: products("Logging", "PostgresNIO", "Subprocess", "SystemPackage"),
            path: "Tests/DeckTestSupport"
        ),
        .testTarget(name: "DeckTestSupportTests", dependencies: ["DeckTestSupport"]),
        .testTarget(
            name: "DeckServiceTests",
            dependencies: ["DeckService", "DeckStoreSupport", "DeckTestSupport"]
                + products("PropertyBased", "PlayingCards", "PlayingCardsProvablyFair"),
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "DeckServerTests",
            dependencies: ["deck-server", "DeckServerHTTP", "DeckService", "DeckStorePostgres", "DeckStoreSQLite", "DeckStoreSupport", "DeckTestSupport"]
                + products("PostgresNIO", "Hummingbird", "HummingbirdTesting", "HTTPTypes", "Logging", "AsyncHTTPClient")
                + products("PlayingCards", "Memorize", "PlayingCardsProvablyFair", "PropertyBased", "Subprocess", "SystemPackage")
                + products("NIOCore", "NIOHTTP1", "NIOPosix", "NIOEmbedded", "NIOHTTPTypes")
        ),
        // DeckClient against real deck-servers built here, on SQLite and on two instances over a
        // throw-away PostgreSQL cluster (`make test-client` runs these alone).
        .testTarget(
            name: "DeckClientTests",
            dependencies: ["deck-server", "DeckTestSupport"] + products("DeckClient", "OpenAPIRuntime", "HTTPTypes")
        ),
        // stream-load, the event-stream client of bench-table-events.py, which builds it here in
        // release beside the deck-server it measures; its JSON reader's tests run in make test.
        .executableTarget(
            name: "stream-load",
            dependencies: ["DeckTestSupport"] + products("NIOCore", "NIOPosix", "ArgumentParser"),
            path: "Benchmarks/StreamLoad/Sources/stream-load"
        ),
        .testTarget(
            name: "StreamLoadTests",
            dependencies: ["stream-load"] + products("NIOCore"),
            path: "Benchmarks/StreamLoad/Tests/StreamLoadTests"
        ),
        // The README and the guides: links, anchors, and the commands they show, checked against
        // the Makefile, the manifests, the built tools' options and the OpenAPI document. Here
        // because this package builds every tool the guides show.
        .testTarget(name: "DocumentationTests", dependencies: ["deck-server"] + products("render-card", "deal")),
    ],
    swiftLanguageModes: [.v6]
)

// `make docs` builds the DeckService catalog with swift-docc-plugin, added only when it asks.
if Context.environment["SWIFT_PLAYING_CARDS_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
