// swift-tools-version: 6.1
import PackageDescription

// Builds swift-openapi-generator for `make client-generate`, and for nothing else: DeckClient
// commits the generated code, so neither its users nor its builds need the generator.
let package = Package(
    name: "deck-client-generator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: []
)
