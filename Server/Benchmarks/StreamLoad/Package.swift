// swift-tools-version: 6.1
import PackageDescription

let nioCore: Target.Dependency = .product(name: "NIOCore", package: "swift-nio")
let nioPosix: Target.Dependency = .product(name: "NIOPosix", package: "swift-nio")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

// stream-load: the client of Server/Benchmarks/bench-table-events.py. A package of its own, so
// that the benchmark builds it in release without the server's dependencies. The server's
// package builds the same sources and tests in its debug build, where `make test` runs them.
let package = Package(
    name: "stream-load",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stream-load", targets: ["stream-load"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(name: "stream-load", dependencies: [nioCore, nioPosix, argumentParser]),
        // The byte-level readers (chunks, events, heads, JSON values) against every split of
        // their input.
        .testTarget(name: "StreamLoadTests", dependencies: ["stream-load", nioCore]),
    ],
    swiftLanguageModes: [.v6]
)
