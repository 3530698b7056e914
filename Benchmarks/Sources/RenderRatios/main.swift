import Foundation

// Timings of the render-card binary itself, as a user runs it, beside the peer workflow:
//
//   RenderRatios <render-card> [<peer cards-svg folder>]
//
// Rounds alternate our deck and the peer's, so both see the same machine; the report gives
// medians and the median of the per-round ratios. Then: one card end to end (process start to
// file written), and SVG bytes per pip card in both SVG styles.

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

/// Runs a program with posix_spawn (Foundation's Process adds tens of milliseconds of its own),
/// output to /dev/null; returns seconds of wall time; stops the harness if it fails.
@discardableResult
func run(_ executable: String, _ args: [String]) -> Double {
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
    waitpid(pid, &status, 0)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard status == 0 else {
        print("\(executable) \(args.joined(separator: " ")) failed with status \(status)")
        exit(1)
    }
    return seconds
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

// 1. The deck: 52 cards as PNG, 744 px wide.
let deckFolder = scratch.appendingPathComponent("deck").path
func ourDeck() -> Double {
    try? FileManager.default.removeItem(atPath: deckFolder)
    return run(renderCard, ["deck", "--out", deckFolder, "--format", "png", "--width", "744"])
}

var ours: [Double] = [], peers: [Double] = [], ratios: [Double] = []
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
    _ = ourDeck()   // warm caches for both
    _ = run("/bin/sh", ["-c", script])
    for _ in 0..<5 {
        let peer = run("/bin/sh", ["-c", script])
        let our = ourDeck()
        ours.append(our)
        peers.append(peer)
        ratios.append(peer / our)
    }
    print("Deck of 52, PNG at 744 px wide, 5 interleaved rounds:")
    print("  render-card deck --format png --width 744   median \(ms(median(ours)))")
    print("  peer: rsvg-convert -w 744, 2 in parallel    median \(ms(median(peers)))")
    print(String(format: "  per-round ratio (peer / ours): median %.1f×, lowest %.1f×", median(ratios), ratios.min()!))
} else {
    for _ in 0..<5 { ours.append(ourDeck()) }
    print("Deck of 52, PNG at 744 px wide: median \(ms(median(ours))) (no peer folder given, so no ratio)")
}

// 2. One card, end to end: process start, render, PNG written.
let single = scratch.appendingPathComponent("qh.png").path
_ = run(renderCard, ["QH", "-o", single])
var singles: [Double] = [], pips: [Double] = []
for _ in 0..<31 {
    singles.append(run(renderCard, ["QH", "-o", single]))
    pips.append(run(renderCard, ["5H", "-o", single]))
}
print("One card, end to end (31 runs): render-card QH -o qh.png median \(ms(median(singles))); 5H median \(ms(median(pips)))")

// 3. Many cards in one picture, as render-card makes them (process start included).
for (name, args, file) in [
    ("sheet: 52 cards + back at 250 px, PNG + atlas", ["sheet", "--width", "250", "--back", "--atlas", scratch.appendingPathComponent("s.json").path, "-o"], "s.png"),
    ("hand: fan of 5 at 1200 × 800, PNG", ["hand", "AS", "KD", "10H", "9C", "QS", "--layout", "fan", "--canvas", "1200x800", "-o"], "fan.png"),
    ("print: 52 cards on 6 A4 pages, PDF", ["print", "--crop-marks", "-o"], "deck.pdf"),
] {
    let path = scratch.appendingPathComponent(file).path
    var times: [Double] = []
    run(renderCard, args + [path])
    for _ in 0..<11 { times.append(run(renderCard, args + [path])) }
    let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print("\(name): median \(ms(median(times))) (11 runs), \(bytes / 1024) KiB")
}

// 4. SVG size of pip cards (ace to ten, every suit).
for style in ["compact", "flat"] {
    let folder = scratch.appendingPathComponent("svg-\(style)").path
    run(renderCard, ["deck", "--out", folder, "--format", "svg", "--svg-style", style])
    let sizes = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { !$0.hasPrefix("J") && !$0.hasPrefix("Q") && !$0.hasPrefix("K") }
        .map { Double(try FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size] as! Int) }
    print(String(format: "SVG bytes per pip card, %@: median %.0f, largest %.0f (%d cards)", style, median(sizes), sizes.max()!, sizes.count))
}
