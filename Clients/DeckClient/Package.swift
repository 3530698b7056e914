// swift-tools-version: 6.1
import PackageDescription

// DeckClient: deck-server's API for Swift apps. A package of its own, so that the library's
// users never build its dependencies (the server's package builds them, for DeckClient's
// tests). Its generated layer (DeckClientAPI) is written at build time by swift-openapi-generator's
// build plugin from the server's OpenAPI document: see the README.
let openAPIRuntime: Target.Dependency = .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")
let httpTypes: Target.Dependency = .product(name: "HTTPTypes", package: "swift-http-types")
// The transport: AsyncHTTPClient where there is no URLSession worth the name, URLSession on
// Apple's platforms.
let transport: [Target.Dependency] = [
    .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client",
             condition: .when(platforms: [.linux, .windows, .android])),
    .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession",
             condition: .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
]

let package = Package(
    name: "DeckClient",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DeckClient", targets: ["DeckClient"]),
        .executable(name: "table-watch", targets: ["table-watch"]),
    ],
    dependencies: [
        // Exact: the README says what this version reads of our document and generates.
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // swift-openapi-generator's types and client for the server's OpenAPI document (its
        // openapi.json is a link to Server/Sources/DeckServerHTTP/Public/openapi.json), written
        // by the build plugin into the build folder, never into the tree.
        .target(
            name: "DeckClientAPI",
            dependencies: [openAPIRuntime],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The hand-written API: decks, Memorize, tables and their events.
        .target(
            name: "DeckClient",
            dependencies: ["DeckClientAPI", openAPIRuntime, httpTypes] + transport
        ),
        // Watches a table and prints each change as a line a person reads.
        .executableTarget(name: "table-watch", dependencies: ["DeckClient"]),
        // Its tests run against real deck-servers, so they are in the server's package
        // (Server/Tests/DeckClientTests), whose build they share: `make test-client`.
    ],
    swiftLanguageModes: [.v6]
)
