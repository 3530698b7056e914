// swift-tools-version: 6.1
// Benchmarks live in their own package so that `make test` never builds them.
// Run them with `make bench` from the repository root.
import PackageDescription
import struct Foundation.URL

// A path dependency is named after its folder, which is whatever the clone was called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let playingCards: Target.Dependency = .product(name: "PlayingCards", package: root)
let playingCardRendering: Target.Dependency = .product(name: "PlayingCardRendering", package: root)
let benchmark: Target.Dependency = .product(name: "Benchmark", package: "benchmark")

let package = Package(
    name: "swift-playing-cards-benchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Shuffling",
            dependencies: [playingCards, benchmark],
            path: "Benchmarks/Shuffling",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Rendering",
            dependencies: [playingCards, playingCardRendering, benchmark],
            path: "Benchmarks/Rendering",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Interleaved timing for the ratios: `make bench` runs it after the suite above.
        .executableTarget(name: "ShuffleRatios", dependencies: [playingCards], path: "Sources/ShuffleRatios"),
        // The render-card binary beside the peer workflow, and the raster beside Cairo filling
        // the same paths (issue 21's ratios): `make bench` runs it last.
        .executableTarget(name: "RenderRatios", dependencies: [playingCards, playingCardRendering], path: "Sources/RenderRatios"),
    ],
    swiftLanguageModes: [.v6]
)
