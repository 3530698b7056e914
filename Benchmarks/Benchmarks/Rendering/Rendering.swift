import Benchmark
import PlayingCards
import PlayingCardRendering

// Per-card costs at 744 × 1039 px (a poker card at 300 dpi): drawing with Cairo alone, the PNG
// encoder alone, the whole PNG, SVG and PDF. `time` is per card, in microseconds.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 200
    )
    let renderer = try! CardRenderer(style: CardStyle())
    let five = PlayingCard(.five, of: .hearts), queen = PlayingCard(.queen, of: .hearts), ten = PlayingCard(.ten, of: .clubs)

    for (name, card) in [("5♥", five), ("Q♥", queen)] {
        Benchmark("Raster only (Cairo), \(name), 744 × 1039") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.rasterize(card)) }
        }
        let image = try! renderer.rasterize(card)
        Benchmark("PNG encoder only, \(name), 744 × 1039") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(image.pngData()) }
        }
        Benchmark("PNG end to end, \(name), 744 × 1039") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.render(card, as: .png)) }
        }
        Benchmark("PDF, \(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.render(card, as: .pdf)) }
        }
    }
    Benchmark("Compact SVG, 10♣") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try renderer.render(ten, as: .svg)) }
    }
}
