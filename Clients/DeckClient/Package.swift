// swift-tools-version: 6.1
import PackageDescription

// DeckClient: deck-server's API for Swift apps. A package of its own, so that the library's
// users never build its dependencies (the server's package builds them, for DeckClient's
// tests). Its generated layer (DeckClientAPI) is swift-openapi-generator's output for the
// server's OpenAPI document, committed: see the README.
let package = Package(
    name: "DeckClient",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DeckClient", targets: ["DeckClient"]),
        .executable(name: "table-watch", targets: ["table-watch"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // swift-openapi-generator's types and client for Server/Sources/DeckServerHTTP/Public/openapi.json
        // (`make client-generate` writes them again).
        .target(
            name: "DeckClientAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            exclude: ["openapi.json", "openapi-generator-config.yaml"]
        ),
        // The hand-written API: decks, Memorize, tables and their events.
        .target(
            name: "DeckClient",
            dependencies: [
                "DeckClientAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client",
                         condition: .when(platforms: [.linux, .windows, .android])),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession",
                         condition: .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
            ]
        ),
        // Watches a table and prints each change as a line a person reads.
        .executableTarget(name: "table-watch", dependencies: ["DeckClient"]),
        // Its tests run against real deck-servers, so they are in the server's package
        // (Server/Tests/DeckClientTests), whose build they share: `make test-client`.
    ],
    swiftLanguageModes: [.v6]
)
