// swift-tools-version: 6.1
import PackageDescription

// The products of other packages that several targets use.
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let propertyBased: Target.Dependency = .product(name: "PropertyBased", package: "swift-property-based")
let snapshotTesting: Target.Dependency = .product(name: "SnapshotTesting", package: "swift-snapshot-testing")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")

let package = Package(
    name: "swift-playing-cards",
    products: [
        .library(name: "PlayingCards", targets: ["PlayingCards"]),
        .library(name: "PlayingCardsProvablyFair", targets: ["PlayingCardsProvablyFair"]),
        .library(name: "Memorize", targets: ["Memorize"]),
        .library(name: "PlayingCardLayout", targets: ["PlayingCardLayout"]),
        .library(name: "PlayingCardRendering", targets: ["PlayingCardRendering"]),
        .library(name: "PlayingCardSnapshotTesting", targets: ["PlayingCardSnapshotTesting"]),
        .executable(name: "render-card", targets: ["render-card"]),
        .executable(name: "deal", targets: ["deal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // The model, notation, decks and shuffling: pure Swift, no dependencies.
        .target(name: "PlayingCards"),
        // Card geometry in card units: pure layout for the renderer, no Cairo.
        .target(name: "PlayingCardLayout", dependencies: ["PlayingCards"]),
        // Cairo, as the Debian package installs it. The module name carries the project's
        // prefix: a plain `CCairo` clashes with other packages.
        .systemLibrary(
            name: "CPlayingCardsCairo",
            path: "Sources/CSystem/CPlayingCardsCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // libdeflate, as the Debian package installs it: the small PNG encoding's compressor.
        .systemLibrary(
            name: "CPlayingCardsDeflate",
            path: "Sources/CSystem/CPlayingCardsDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // librsvg, for users' SVG artwork: loaded with dlopen on first use (see the header).
        .target(name: "CPlayingCardsRsvgLoader", linkerSettings: [.linkedLibrary("dl")]),
        // Card layout drawn with Cairo (PNG, PDF) and written as SVG; the default artwork in
        // Assets/ is compiled into the library (Assets is a link to the top-level folder).
        .target(
            name: "PlayingCardRendering",
            dependencies: ["PlayingCards", "PlayingCardLayout", "CPlayingCardsCairo", "CPlayingCardsDeflate", "CPlayingCardsRsvgLoader"],
            resources: [.embedInCode("Assets")]
        ),
        // Snapshot strategies for cards, scenes and sheets, for this project's tests and users'.
        .target(
            name: "PlayingCardSnapshotTesting",
            dependencies: ["PlayingCards", "PlayingCardLayout", "PlayingCardRendering", snapshotTesting]
        ),
        // Writes one PNG of every snapshot reference with its name: `make contact-sheet`.
        .executableTarget(name: "snapshot-contact-sheet", dependencies: ["PlayingCardLayout", "PlayingCardRendering"]),
        .executableTarget(name: "render-card", dependencies: ["PlayingCards", "PlayingCardRendering", argumentParser]),
        // Commit–reveal shuffles; the only target that needs swift-crypto.
        .target(name: "PlayingCardsProvablyFair", dependencies: ["PlayingCards", crypto]),
        // The Memorize card-matching game: rules, themes, saved games. Pure Swift.
        .target(name: "Memorize", dependencies: ["PlayingCards"]),
        .executableTarget(name: "deal", dependencies: ["PlayingCards", argumentParser]),
        .testTarget(name: "PlayingCardsTests", dependencies: ["PlayingCards", propertyBased]),
        .testTarget(name: "MemorizeTests", dependencies: ["Memorize", "PlayingCards", propertyBased]),
        .testTarget(name: "PlayingCardsProvablyFairTests", dependencies: ["PlayingCardsProvablyFair", "PlayingCards"]),
        .testTarget(name: "PlayingCardLayoutTests", dependencies: ["PlayingCardLayout", "PlayingCards", propertyBased]),
        .testTarget(
            name: "PlayingCardRenderingTests",
            dependencies: ["PlayingCardRendering", "PlayingCardLayout", "PlayingCards", "CPlayingCardsRsvgLoader", propertyBased]
        ),
        .testTarget(
            name: "RenderCardTests",
            dependencies: ["render-card", "PlayingCardRendering", "PlayingCards", "CommandTestSupport"]
        ),
        .testTarget(
            name: "PlayingCardSnapshotTests",
            dependencies: ["PlayingCardSnapshotTesting", "PlayingCardRendering", "PlayingCardLayout", "PlayingCards", snapshotTesting],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        // Runs built executables for the end-to-end tests.
        .target(name: "CommandTestSupport", path: "Tests/CommandTestSupport"),
        .testTarget(name: "DealTests", dependencies: ["deal", "CommandTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make docs` builds the DocC catalogs with swift-docc-plugin. The plugin is a dependency only
// when that target asks for it, so the library's users never fetch it.
if Context.environment["SWIFT_PLAYING_CARDS_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
