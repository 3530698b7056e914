// Times how long one change holds the SQLite store's single writer: a 432-card table's actions
// (8 decks with jokers, 6 seats, cards spread over ~40 stacks and the hands, every seat's undo
// history full), the heaviest deck requests a 20-deck shoe (1,080 cards, the deck limit) can
// make, and a 52-card table's move for scale; and says whether the table's heaviest action costs
// no more writer time than the heaviest deck request (the target: a ratio of at most 1.0).
//
//   swift run -c release table-writer-benchmark [timed-iterations-per-case] [warm-up-iterations]
//
// How it measures: the service runs over a `TimedStore`, a `RecordStore` decorator around a
// `SQLiteRecordStore` in a fresh temporary folder. For each change it times the
// `store.update(...)` call end to end (the ChangeBatcher, the hop to GRDB's writer queue, the
// immediate write transaction: SELECT, the service's closure, UPDATE, COMMIT to the WAL) and,
// separately, the service's closure alone (decode the record, apply the change, build the
// answer, encode), which runs inside that transaction. One caller at a time on an otherwise idle
// store, so the call time is the writer's hold plus a small scheduling overhead (an upper
// bound), and the closure time is a lower bound. Each case warms up first; the steps that put a
// record back for the next iteration are not timed.

import DeckService
import DeckStoreSQLite
import Foundation
import PlayingCards
import Synchronization

/// The timed cases, their samples, and the table of results.
@MainActor
final class Benchmark {
    enum Group: String { case table432 = "432-card table", deck1080 = "1,080-card deck", table52 = "52-card table" }

    struct Row {
        var group: Group
        var name: String
        var samples: [WriteSample] = []

        func quantile(_ q: Double, _ value: (WriteSample) -> Double) -> Double {
            let sorted = samples.map(value).sorted()
            guard !sorted.isEmpty else { return .nan }
            if q == 0.5 {
                let middle = sorted.count / 2
                return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            }
            // Nearest rank.
            let rank = Int((q * Double(sorted.count)).rounded(.up))
            return sorted[min(sorted.count, max(1, rank)) - 1]
        }

        var median: Double { quantile(0.5) { $0.call.microseconds } }
        var p99: Double { quantile(0.99) { $0.call.microseconds } }
        var closureMedian: Double { quantile(0.5) { $0.closure.microseconds } }
        var bytes: Int { Int(quantile(0.5) { Double($0.bytesOut) }) }
    }

    let folder: String
    let store: TimedStore
    let service: DeckService
    let iterations: Int
    let warmUp: Int
    var rows: [Row] = []
    /// The 432-card table, for the breakdown of its closure.
    var bigTable = ""
    /// Whether timed changes are recorded (off while warming up).
    var recording = false

    init(iterations: Int, warmUp: Int) throws {
        folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("table-writer-benchmark-\(UUID().uuidString)")
        store = TimedStore(try SQLiteRecordStore(folder: folder))
        service = DeckService(store: store)
        self.iterations = iterations
        self.warmUp = warmUp
    }

    /// Runs `work`, which must make exactly one change, and records it under `name`.
    @discardableResult
    func timed<T>(_ group: Group, _ name: String, _ work: () async throws -> T) async throws -> T {
        _ = store.drain()
        let result = try await work()
        let samples = store.drain()
        precondition(samples.count == 1, "\(name) made \(samples.count) changes, not one")
        if recording {
            if let index = rows.firstIndex(where: { $0.group == group && $0.name == name }) {
                rows[index].samples.append(samples[0])
            } else {
                rows.append(Row(group: group, name: name, samples: samples))
            }
        }
        return result
    }

    /// Runs steps that are not measured (setting up, putting a record back).
    @discardableResult
    func untimed<T>(_ work: () async throws -> T) async throws -> T {
        let result = try await work()
        _ = store.drain()
        return result
    }

    /// Runs `body` `warmUp` times unrecorded, then `iterations` times recorded (each run of
    /// `body` records one sample per timed step in it).
    func repeatCase(_ body: (Int) async throws -> Void) async throws {
        recording = false
        for round in 0..<warmUp { try await body(round) }
        recording = true
        for round in 0..<iterations { try await body(warmUp + round) }
        recording = false
    }

    // MARK: Tables

    /// A shuffled table with every seat taken; the tokens, seat 1's first.
    func makeTable(decks: Int, seats: Int) async throws -> (id: String, tokens: [String]) {
        var request = NewTableRequest(name: "Seat 1")
        request.seats = seats
        request.deckCount = decks
        request.jokers = true
        let ticket = try await service.newTable(request)
        var tokens = [ticket.token]
        for seat in 2...seats {
            tokens.append(try await untimed { try await service.joinTable(ticket.table.id, name: "Seat \(seat)") }.token)
        }
        return (ticket.table.id, tokens)
    }

    /// Splits the top `count` cards of `stack` to a new stack at (x, y); the new stack's id.
    func split(_ id: String, _ token: String, _ stack: String, _ count: Int, x: Double, y: Double) async throws -> String {
        let answer = try await service.act(at: id, token: token, .split(stack: stack, count: count, x: x, y: y))
        return answer.outcome.stacks.first { $0 != stack }!
    }

    func moveOne(_ id: String, _ token: String, from: String, to: String) async throws {
        _ = try await service.act(at: id, token: token, .move(from: .top(stack: from, count: 1), to: .top(stack: to), face: .keep))
    }

    func runTable432() async throws {
        let group = Group.table432
        let (id, tokens) = try await makeTable(decks: 8, seats: 6)
        let me = tokens[0]
        bigTable = id
        var big = ""
        var small: [String] = []
        try await untimed {
            // 432 cards: 30 in hands, a 100-card stack, 38 stacks of 6, 74 left in the deck.
            _ = try await service.act(at: id, token: me, .deal(from: "deck", count: 5))
            big = try await split(id, me, "deck", 100, x: 500, y: 350)
            for index in 0..<38 {
                let x = 120 + Double(index % 10) * 85, y = 120 + Double(index / 10) * 140
                small.append(try await split(id, me, "deck", 6, x: x, y: y))
            }
            for (index, stack) in small.enumerated() where index % 3 == 0 {
                _ = try await service.act(at: id, token: me, .flip(stack: stack, card: nil))
            }
            // Seats 2–6 play on stacks of their own until each has its 20 undo steps.
            for seat in 2...6 {
                let (a, b) = (small[2 * seat], small[2 * seat + 1])
                for step in 0..<20 {
                    switch step % 4 {
                    case 0: try await moveOne(id, tokens[seat - 1], from: a, to: b)
                    case 1: _ = try await service.act(at: id, token: tokens[seat - 1], .flip(stack: a, card: nil))
                    case 2: _ = try await service.act(at: id, token: tokens[seat - 1], .shuffle(stack: b))
                    default: try await moveOne(id, tokens[seat - 1], from: b, to: a)
                    }
                }
            }
        }
        let table = try await service.tabletop(id, token: me)
        let cardCount = table.stacks.reduce(0) { $0 + $1.cards.count } + table.seats.reduce(0) { $0 + $1.handCount }
        precondition(cardCount == 432, "the table holds \(cardCount) cards, not 432")
        print("432-card table: \(table.stacks.count) stacks on the felt, 6 seats with 5 cards each; every seat's undo history filled")

        let (a, b) = (small[20], small[21])
        try await repeatCase { round in
            if round % 2 == 0 {
                try await timed(group, "move 1 card stack→stack") { try await moveOne(id, me, from: a, to: b) }
            } else {
                try await timed(group, "move 1 card stack→stack") { try await moveOne(id, me, from: b, to: a) }
            }
        }
        try await repeatCase { _ in
            try await timed(group, "flip a 100-card stack") { _ = try await service.act(at: id, token: me, .flip(stack: big, card: nil)) }
        }
        try await repeatCase { _ in
            try await timed(group, "shuffle a 100-card stack") { _ = try await service.act(at: id, token: me, .shuffle(stack: big)) }
        }
        try await repeatCase { _ in
            let made = try await timed(group, "split 50 off a 100-card stack") { try await split(id, me, big, 50, x: 700, y: 600) }
            try await timed(group, "move 50 cards stack→stack (merge back)") {
                try await service.act(at: id, token: me, .move(from: .top(stack: made, count: 50), to: .top(stack: big), face: .keep))
            }
        }
        try await repeatCase { _ in
            try await timed(group, "deal 5 each (6 seats, 30 cards)") { try await service.act(at: id, token: me, .deal(from: "deck", count: 5)) }
            try await timed(group, "undo (of that deal)") { try await service.act(at: id, token: me, .undo) }
        }
        try await repeatCase { _ in
            try await timed(group, "gather all 432 + shuffle (extra)") { try await service.act(at: id, token: me, .gather) }
            try await timed(group, "undo (of that gather) (extra)") { try await service.act(at: id, token: me, .undo) }
        }
    }

    func runTable52() async throws {
        let (id, tokens) = try await makeTable(decks: 1, seats: 4)
        let me = tokens[0]
        var stacks: [String] = []
        try await untimed {
            // 54 cards: 20 in hands, 4 stacks of 6, 10 left in the deck.
            _ = try await service.act(at: id, token: me, .deal(from: "deck", count: 5))
            for index in 0..<4 { stacks.append(try await split(id, me, "deck", 6, x: 200 + Double(index) * 150, y: 300)) }
        }
        try await repeatCase { round in
            let (from, to) = round % 2 == 0 ? (stacks[0], stacks[1]) : (stacks[1], stacks[0])
            try await timed(.table52, "move 1 card stack→stack") { try await moveOne(id, me, from: from, to: to) }
        }
    }

    // MARK: Decks

    /// A shuffled 20-deck shoe with jokers: 1,080 cards, the most a deck may hold.
    func makeShoe() async throws -> String {
        var request = NewDeckRequest()
        request.deckCount = 20
        request.jokers = true
        request.shuffle = .secure
        let view = try await service.newDeck(request)
        precondition(view.remaining == service.limits.cardsPerDeck, "the shoe holds \(view.remaining) cards")
        return view.id
    }

    /// `cards` in `parts` runs of nearly equal length.
    func chunks(_ cards: [PlayingCard], _ parts: Int) -> [[PlayingCard]] {
        (0..<parts).map { part in Array(cards[(part * cards.count / parts)..<((part + 1) * cards.count / parts)]) }
    }

    func runDecks() async throws {
        let group = Group.deck1080
        let all = service.limits.cardsPerDeck

        // GET /api/deck/<id>/draw/?count=1080, then GET /api/deck/<id>/return/.
        let shoe = try await makeShoe()
        try await repeatCase { _ in
            try await timed(group, "draw 1080 (every card)") { try await service.draw(shoe, count: all) }
            try await timed(group, "return all 1080 drawn") { try await service.returnCards(shoe, cards: nil) }
        }

        // /pile/all/add/?cards=<1080 codes> (drawn cards), then /pile/all/return/.
        let piled = try await makeShoe()
        try await repeatCase { _ in
            let drawn = try await untimed { try await service.draw(piled, count: all) }.drawn!
            try await timed(group, "pile add 1080 drawn cards (named)") { try await service.addToPile(piled, pile: "all", cards: drawn) }
            try await timed(group, "pile return 1080 (whole pile)") { try await service.returnPile(piled, pile: "all", cards: nil) }
        }

        // /pile/all/shuffle/ of a 1,080-card pile, and /pile/all/draw/?cards=<1080 codes>.
        let pileShoe = try await makeShoe()
        try await untimed {
            let drawn = try await service.draw(pileShoe, count: all).drawn!
            _ = try await service.addToPile(pileShoe, pile: "all", cards: drawn)
        }
        try await repeatCase { _ in
            try await timed(group, "pile shuffle 1080") { _ = try await service.shufflePile(pileShoe, pile: "all", seed: nil) }
        }
        try await repeatCase { _ in
            let cards = try await service.listPile(pileShoe, pile: "all").piles.first { $0.name == "all" }!.cards
            try await timed(group, "pile draw 1080 named cards") { try await service.drawFromPile(pileShoe, pile: "all", .cards(cards)) }
            try await untimed { try await service.addToPile(pileShoe, pile: "all", cards: cards) }
        }

        // /pile/p0/add/?cards=<1080 codes> gathering every card from the 63 other piles (64
        // piles, the most a deck may have).
        let spread = try await makeShoe()
        try await repeatCase { _ in
            var parts: [[PlayingCard]] = []
            try await untimed {
                let drawn = try await service.draw(spread, count: all).drawn!
                parts = chunks(drawn, service.limits.pilesPerDeck - 1)
                for (index, part) in parts.enumerated() { _ = try await service.addToPile(spread, pile: "p\(index + 1)", cards: part) }
            }
            try await timed(group, "pile add 1080 named from 63 piles") {
                try await service.addToPile(spread, pile: "p0", cards: parts.flatMap { $0 })
            }
            try await untimed { try await service.returnPile(spread, pile: "p0", cards: nil) }
        }

        // GET /api/deck/<id>/shuffle/ (every card back, piles emptied) with every card in 64 piles.
        let reset = try await makeShoe()
        try await repeatCase { _ in
            try await untimed {
                let drawn = try await service.draw(reset, count: all).drawn!
                for (index, part) in chunks(drawn, service.limits.pilesPerDeck).enumerated() {
                    _ = try await service.addToPile(reset, pile: "p\(index)", cards: part)
                }
            }
            try await timed(group, "shuffle shoe, all back from 64 piles") { try await service.shuffle(reset, remainingOnly: false, seed: nil) }
        }
    }

    // MARK: Where a table's closure goes

    /// The median of `count` timings of `operation`, in µs.
    func medianMicroseconds(_ count: Int = 1_000, _ operation: () throws -> Int) rethrows -> (Double, Int) {
        var timings: [Double] = []
        var sink = 0
        for _ in 0..<count {
            let start = ContinuousClock.now
            sink &+= try operation()
            timings.append((ContinuousClock.now - start).microseconds)
        }
        return (timings.sorted()[count / 2], sink)
    }

    /// Times the parts of every table action's closure on the 432-card table's record as it
    /// ended: decoding it, making the acting seat's view, encoding it.
    func breakdown() async throws {
        let id = bigTable
        let bytes = try await store.read(.table, id: id)!
        let table = try Tabletop(decoding: bytes, id: id)
        let (decode, a) = try medianMicroseconds { try Tabletop(decoding: bytes, id: id).version }
        let (view, b) = medianMicroseconds { TabletopView(id: id, table: table, viewer: 1, holdsAt: Date()).stacks.count }
        let (encode, c) = try medianMicroseconds { try table.encoded(id: id).count }
        precondition(a > 0 && b > 0 && c > 0)
        print(String(
            format: "432-card table record (%d bytes) outside the store, median of 1,000: decode %.0f µs, seat's view %.0f µs, encode %.0f µs",
            bytes.count, decode, view, encode))
        // The same table without its seats' undo histories, to show what they cost.
        var bare = table
        for seat in bare.seats.indices { bare.seats[seat].undo = [] }
        let bareBytes = try bare.encoded(id: id)
        let (bareDecode, d) = try medianMicroseconds { try Tabletop(decoding: bareBytes, id: id).version }
        let (bareEncode, e) = try medianMicroseconds { try bare.encoded(id: id).count }
        precondition(d > 0 && e > 0)
        let steps = table.seats.reduce(0) { $0 + $1.undo.count }
        print(String(
            format: "    the same table without its %d undo steps: %d bytes, decode %.0f µs, encode %.0f µs",
            steps, bareBytes.count, bareDecode, bareEncode))
    }

    // MARK: Report

    func report() {
        let deckRows = rows.filter { $0.group == .deck1080 }
        let heaviestDeck = deckRows.max { $0.median < $1.median }!
        func line(_ columns: [String]) -> String {
            let widths = [16, 40, 10, 10, 11, 7, 11, 14]
            return zip(columns, widths).enumerated().map { index, pair in
                let (text, width) = pair
                let pad = String(repeating: " ", count: max(0, width - text.count))
                return index < 2 ? text + pad : pad + text
            }.joined(separator: "  ")
        }
        print("")
        let heaviestTable = rows.filter { $0.group == .table432 }.max { $0.median < $1.median }!
        print(line(["group", "case", "median µs", "p99 µs", "closure µs", "bytes", "÷ deck max", "table max ÷"]))
        print(String(repeating: "-", count: 135))
        for row in rows {
            let ratio = row.group == .deck1080 ? (row.name == heaviestDeck.name ? "(deck max)" : "") : String(format: "%.2f", row.median / heaviestDeck.median)
            let against = row.group == .deck1080 ? String(format: "%.2f", heaviestTable.median / row.median) : ""
            print(line([
                row.group.rawValue, row.name, String(format: "%.0f", row.median), String(format: "%.0f", row.p99),
                String(format: "%.0f", row.closureMedian), String(row.bytes), ratio, against,
            ]))
        }
        print("")
        print("median/p99: the store.update call end to end (≈ the writer's hold, one caller); closure: decode + change + answer + encode, inside the transaction")
        print("bytes: the record as written (median); ÷ deck max: the row's median over the heaviest deck request's median;")
        print("table max ÷: the 432-card table's heaviest action's median over this deck request's median")
        print("")
        let tableRows = rows.filter { $0.group == .table432 }
        let listed = tableRows.filter { !$0.name.hasSuffix("(extra)") }
        for (label, candidates) in [("brief's actions", listed), ("every action timed, gather included", tableRows)] {
            let heaviest = candidates.max { $0.median < $1.median }!
            let ratio = heaviest.median / heaviestDeck.median
            print(String(
                format: "432-card table's heaviest action (%@): %@, median %.0f µs; heaviest deck request: %@, median %.0f µs; ratio %.2f: %@",
                label, heaviest.name, heaviest.median, heaviestDeck.name, heaviestDeck.median, ratio, ratio <= 1.0 ? "target met" : "NOT met"))
            let closureRatio = heaviest.closureMedian / heaviestDeck.closureMedian
            print(String(format: "    by closure time alone: %.0f µs against %.0f µs, ratio %.2f", heaviest.closureMedian, heaviestDeck.closureMedian, closureRatio))
        }
    }

    func run() async throws {
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("table-writer-benchmark: SQLite store in \(folder); \(iterations) timed iterations per case after \(warmUp) warm-up; load average \(load)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await runTable432()
        try await runDecks()
        try await runTable52()
        report()
        print("")
        try await breakdown()
    }
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let benchmark = try Benchmark(iterations: arguments.first ?? 200, warmUp: arguments.dropFirst().first ?? 30)
try await benchmark.run()
