import Benchmark
import PlayingCardLayout
import PlayingCards
import PlayingCardRendering

// Per-card costs at 744 × 1039 px (a poker card at 300 dpi): drawing alone (the renderer's raster,
// with the shapes and rows it keeps from card to card, as in a deck), the PNG
// encoder alone and the whole PNG in each compression, SVG and PDF. `time` is per card, in
// microseconds.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 200
    )
    let renderer = try! CardRenderer(style: CardStyle())
    let five = PlayingCard(.five, of: .hearts), queen = PlayingCard(.queen, of: .hearts)
    let king = PlayingCard(.king, of: .diamonds), ten = PlayingCard(.ten, of: .clubs)

    for (name, card) in [("5♥", five), ("Q♥", queen), ("K♦", king)] {
        Benchmark("Raster only, \(name), 744 × 1039") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.rasterize(card)) }
        }
        Benchmark("PDF, \(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.render(card, as: .pdf)) }
        }
    }

    // Both PNG compressions (issue 13): the encoder alone and the whole PNG, with the file's
    // size as the `bytes` metric.
    let bytes = BenchmarkMetric.custom("bytes", useScalingFactor: false)
    var pngConfiguration = Benchmark.defaultConfiguration
    pngConfiguration.metrics.append(bytes)
    for compression in PNGCompression.allCases {
        var style = CardStyle()
        style.pngCompression = compression
        let compressing = try! CardRenderer(style: style)
        for (name, side) in [("5♥", CardSide.face(five)), ("Q♥", .face(queen)), ("back", .back)] {
            let image = try! compressing.rasterize(compressing.drawing(of: side))
            Benchmark("PNG encoder only, \(compression), \(name), 744 × 1039", configuration: pngConfiguration) { benchmark in
                var png: [UInt8] = []
                for _ in benchmark.scaledIterations { png = image.pngData(compression: compression); blackHole(png) }
                benchmark.measurement(bytes, png.count)
            }
            Benchmark("PNG end to end, \(compression), \(name), 744 × 1039", configuration: pngConfiguration) { benchmark in
                var png: [UInt8] = []
                for _ in benchmark.scaledIterations { png = try compressing.render(side, as: .png); blackHole(png) }
                benchmark.measurement(bytes, png.count)
            }
        }
    }
    Benchmark("Compact SVG, 10♣") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try renderer.render(ten, as: .svg)) }
    }

    // Many cards in one picture (issue 5's targets: sheet < 150 ms, fan < 30 ms, PDF < 300 ms).
    var small = CardStyle()
    small.size = try! CardSize(pixelWidth: 250, pixelHeight: nil, dpi: 300)
    let sheetRenderer = try! CardRenderer(style: small)
    let sides = PlayingCard.standardDeck.map(CardSide.face) + [.back]
    Benchmark("Sprite sheet PNG, 52 cards + back at 250 px") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try sheetRenderer.spriteSheet(sides, as: .png)) }
    }
    let hand = try! [PlayingCard](parsing: "AS KD 10H 9C QS")
    let fan = Scene.fan(hand, cardSize: (63, 88))
    let view = SceneView(scene: fan, canvasWidth: 1200, canvasHeight: 800)
    let scenes = SceneRenderer(cards: renderer)
    Benchmark("Fan of 5 cards, PNG 1200 × 800") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try scenes.render(fan, in: view, as: .png)) }
    }
    Benchmark("Print PDF, 52 cards on 6 A4 pages") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try renderer.printSheets(PlayingCard.standardDeck, paper: .a4)) }
    }
}
