import Foundation
import PlayingCards
@_spi(Benchmarking) import PlayingCardRendering

// Issue 21's ratios in one run, then other whole-process timings of render-card:
//
//   RenderRatios <render-card> [<peer cards-svg folder>]
//
// Whole processes are timed as hyperfine times them (warm-up runs, then a series of runs of one
// command; the median, wall time and the processes' CPU time), in blocks that alternate between
// our command and the peer's, so that both see the same machine. In process, the renderer's raster of 5♥ is timed against Cairo
// filling the same paths with nothing else, in alternating blocks.

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: RenderRatios <render-card binary> [<peer cards-svg folder>]")
    exit(64)
}
let renderCard = arguments[1]
let peerFolder = arguments.count > 2 ? arguments[2] : nil
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("render-ratios-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// Wall and CPU (user + system) seconds of one process.
struct ProcessTime {
    var wall: Double
    var cpu: Double
}

/// Runs a program with posix_spawn (Foundation's Process adds tens of milliseconds of its own),
/// output to /dev/null; stops the harness if it fails.
@discardableResult
func run(_ executable: String, _ args: [String]) -> ProcessTime {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = ([executable] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
        print("cannot run \(executable)")
        exit(1)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard status == 0 else {
        print("\(executable) \(args.joined(separator: " ")) failed with status \(status)")
        exit(1)
    }
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return ProcessTime(wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func ms(_ seconds: Double) -> String { String(format: seconds < 0.01 ? "%.2f ms" : "%.1f ms", seconds * 1000) }

/// Our command and the peer's as hyperfine times commands: in each block, `warmup` runs and
/// then `runs` timed runs of one command, then the same of the other. Blocks alternate, so that
/// both see the same machine over the whole measurement.
func race(blocks: Int, runs: Int, warmup: Int, ours: () -> ProcessTime, peer: () -> ProcessTime) -> (ours: [[ProcessTime]], peer: [[ProcessTime]]) {
    var o: [[ProcessTime]] = [], p: [[ProcessTime]] = []
    for _ in 0..<blocks {
        for _ in 0..<warmup { _ = peer() }
        p.append((0..<runs).map { _ in peer() })
        for _ in 0..<warmup { _ = ours() }
        o.append((0..<runs).map { _ in ours() })
    }
    return (o, p)
}

/// One entry of the ratio list; returns the ratio of the medians of all runs.
@discardableResult
func report(_ name: String, ours: [[ProcessTime]], peer: [[ProcessTime]], goal: Double) -> Double {
    let allOurs = ours.flatMap { $0 }, allPeer = peer.flatMap { $0 }
    let ratio = median(allPeer.map(\.wall)) / median(allOurs.map(\.wall))
    let perBlock = zip(peer, ours).map { median($0.map(\.wall)) / median($1.map(\.wall)) }
    print("  \(name)")
    print("    render-card  median \(ms(median(allOurs.map(\.wall)))) (CPU \(ms(median(allOurs.map(\.cpu)))))")
    print("    peer         median \(ms(median(allPeer.map(\.wall)))) (CPU \(ms(median(allPeer.map(\.cpu)))))")
    print(String(format: "    ratio %.1f× (blocks: %@), goal at least %.0f×: %@", ratio,
                 perBlock.map { String(format: "%.1f×", $0) }.joined(separator: ", "), goal, ratio >= goal ? "met" : "NOT met"))
    return ratio
}

let date = ISO8601DateFormatter().string(from: Date())
print("RenderRatios, \(date), \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("Issue 21's ratios, all from this run:")

// 1 and 2. One card, whole process: render-card against rsvg-convert -w 744 on the peer's card.
let single = scratch.appendingPathComponent("card.png").path, peerPNG = scratch.appendingPathComponent("peer.png").path
/// rsvg-convert, found on the PATH once (not through env at every run).
let rsvgConvert = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    .map { "\($0)/rsvg-convert" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/rsvg-convert"
if let peerFolder {
    for (code, goal) in [("QH", 12.0), ("5H", 8.0)] {
        let svg = peerFolder + "/\(code).svg"
        let times = race(blocks: 3, runs: 11, warmup: 2, ours: { run(renderCard, [code, "-o", single]) },
                         peer: { run(rsvgConvert, ["-w", "744", svg, "-o", peerPNG]) })
        report("render-card \(code) -o card.png, against rsvg-convert -w 744 \(code).svg (3 blocks of 11 runs each)",
               ours: times.ours, peer: times.peer, goal: goal)
    }
} else {
    for code in ["QH", "5H"] {
        run(renderCard, [code, "-o", single])
        let times = (0..<33).map { _ in run(renderCard, [code, "-o", single]) }
        print("  render-card \(code) -o card.png: median \(ms(median(times.map(\.wall)))) (no peer folder given, so no ratio)")
    }
}

// 3. The deck: 52 cards as PNG, 744 px wide, against rsvg-convert per card, two at a time.
let deckFolder = scratch.appendingPathComponent("deck").path
func ourDeck() -> ProcessTime {
    try? FileManager.default.removeItem(atPath: deckFolder)
    return run(renderCard, ["deck", "--out", deckFolder, "--format", "png", "--width", "744", "--quiet"])
}
if let peerFolder {
    let files = try FileManager.default.contentsOfDirectory(atPath: peerFolder)
        .filter { $0.hasSuffix(".svg") && !$0.hasPrefix("Joker") }.sorted()
    guard files.count == 52 else {
        print("expected 52 card SVGs (no jokers) in \(peerFolder), found \(files.count)")
        exit(1)
    }
    let peerOut = scratch.appendingPathComponent("peer").path
    try FileManager.default.createDirectory(atPath: peerOut, withIntermediateDirectories: true)
    // The peer workflow: rsvg-convert -w 744 per card, two at a time, as xargs -P2 runs it.
    let script = "cd '\(peerFolder)' && printf '%s\\n' \(files.map { "'\($0)'" }.joined(separator: " ")) | xargs -P2 -I{} rsvg-convert -w 744 {} -o '\(peerOut)/{}.png'"
    let times = race(blocks: 5, runs: 1, warmup: 1, ours: ourDeck, peer: { run("/bin/sh", ["-c", script]) })
    report("render-card deck --format png --width 744 (52 cards), against rsvg-convert -w 744 per card, 2 in parallel (5 blocks of 1 run)",
           ours: times.ours, peer: times.peer, goal: 30)
} else {
    let times = (0..<5).map { _ in ourDeck() }
    print("  render-card deck --format png --width 744: median \(ms(median(times.map(\.wall)))) (no peer folder given, so no ratio)")
}

// 4. In process: the renderer's raster of 5♥ at 744 px against Cairo filling the same paths.
let renderer = try CardRenderer(style: CardStyle())
let five = PlayingCard(.five, of: .hearts)
let (width, height) = renderer.pixelSize
let baseline = try CairoFillBaseline(renderer.drawing(of: five), width: width, height: height)
_ = try renderer.rasterize(five)
try baseline.draw()
var rasterTimes: [Double] = [], fillTimes: [Double] = [], firstTimes: [Double] = []
for _ in 0..<40 {
    var start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<10 { _ = try renderer.rasterize(five) }
    rasterTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e10)
    start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<10 { try baseline.draw() }
    fillTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e10)
    // A new renderer's first card: no stamp drawn and no row kept yet.
    start = DispatchTime.now().uptimeNanoseconds
    _ = try CardRenderer(style: CardStyle()).rasterize(five)
    firstTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
let rasterRatio = median(rasterTimes) / median(fillTimes)
print("  In process, 5♥ at \(width) × \(height) px (40 alternating blocks of 10)")
print("    renderer.rasterize(5♥), as in a deck: shapes and background rows kept from earlier cards  median \(ms(median(rasterTimes)))")
print("    Cairo filling the same paths, nothing else                                               median \(ms(median(fillTimes)))")
print(String(format: "    ratio %.2f× of Cairo, goal at most 1.1×: %@", rasterRatio, rasterRatio <= 1.1 ? "met" : "NOT met"))
print(String(format: "    (a new renderer's first 5♥, nothing kept yet, renderer made in the time: median %@, %.2f× of Cairo)",
             ms(median(firstTimes)), median(firstTimes) / median(fillTimes)))

// Other whole-process timings.
print("Other timings:")
let help = (0..<21).map { _ in run(renderCard, ["--help"]) }
print("  render-card --help: median \(ms(median(help.map(\.wall))))")
for (name, args, file) in [
    ("sheet: 52 cards + back at 250 px, PNG + atlas", ["sheet", "--width", "250", "--back", "--atlas", scratch.appendingPathComponent("s.json").path, "-o"], "s.png"),
    ("hand: fan of 5 at 1200 × 800, PNG", ["hand", "AS", "KD", "10H", "9C", "QS", "--layout", "fan", "--canvas", "1200x800", "-o"], "fan.png"),
    ("print: 52 cards on 6 A4 pages, PDF", ["print", "--crop-marks", "-o"], "deck.pdf"),
] {
    let path = scratch.appendingPathComponent(file).path
    run(renderCard, args + [path])
    let times = (0..<11).map { _ in run(renderCard, args + [path]) }
    let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print("  \(name): median \(ms(median(times.map(\.wall)))) (11 runs), \(bytes / 1024) KiB")
}

// SVG size of pip cards (ace to ten, every suit).
for style in ["compact", "flat"] {
    let folder = scratch.appendingPathComponent("svg-\(style)").path
    run(renderCard, ["deck", "--out", folder, "--format", "svg", "--svg-style", style, "--quiet"])
    let sizes = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { !$0.hasPrefix("J") && !$0.hasPrefix("Q") && !$0.hasPrefix("K") }
        .map { Double(try FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size] as! Int) }
    print(String(format: "  SVG bytes per pip card, %@: median %.0f, largest %.0f (%d cards)", style, median(sizes), sizes.max()!, sizes.count))
}
