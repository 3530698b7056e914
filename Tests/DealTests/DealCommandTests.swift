import CommandTestSupport
import Foundation
import Testing

/// Runs the built `deal` executable, as a user would.
@Suite("deal command")
struct DealCommandTests {
    static func run(_ arguments: String...) throws -> CommandRun {
        try run(arguments)
    }

    static func run(_ arguments: [String]) throws -> CommandRun {
        try CommandRun.run("deal", arguments)
    }

    static let seed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

    @Test func dealsFromASeed() throws {
        let run = try Self.run("--players", "4", "--cards", "5", "--seed", Self.seed, "--notation", "code")
        #expect(run.status == 0, "\(run.error)")
        // The golden 52-card order for this seed, dealt round the table.
        #expect(run.output == """
            Player 1: 6S 2S AD 2H 6D
            Player 2: 10C JS 3C 5C AS
            Player 3: KC KS 8C 8D 3H
            Player 4: QD 9H 6C 7C 6H
            Left in the deck: 32 cards
            Seed: \(Self.seed)

            """)
    }

    @Test func secureDealsDifferAndPrintTheirSeed() throws {
        let first = try Self.run(), second = try Self.run()
        #expect(first.status == 0 && second.status == 0)
        #expect(first.output != second.output)
        let seedLine = first.output.split(separator: "\n").last!
        #expect(seedLine.hasPrefix("Seed: ") && seedLine.count == 6 + 64)
        // Replaying with the printed seed gives the same deal.
        let replay = try Self.run("--seed", String(seedLine.dropFirst(6)))
        #expect(replay.output == first.output)
        #expect(first.output.split(separator: "\n").count == 6)
    }

    @Test func badOptionsExitWith64AndSayWhy() throws {
        for (arguments, message) in [
            (["--players", "0"], "--players must be 1 or more, not 0"),
            (["--cards=-1"], "--cards must be 0 or more, not -1"),
            (["--jokers", "3"], "--jokers must be 0, 1 or 2, not 3"),
            (["--decks", "0"], "--decks must be from 1 to 100, not 0"),
            (["--seed", "xyz"], "--seed: a hex shuffle seed is 64 hexadecimal digits (32 bytes), not 3"),
            (["--notation", "fancy"], "fancy"),
        ] {
            let run = try Self.run(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.error.contains(message), "\(arguments): \(run.error)")
            #expect(run.output.isEmpty)
        }
    }

    @Test func aDealTooBigForTheDeckExitsWith1() throws {
        let run = try Self.run("--players", "11", "--cards", "5")
        #expect(run.status == 1)
        #expect(run.error.contains("cannot take 55 cards from the deck: it holds 52"), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test func helpShowsExamples() throws {
        let run = try Self.run("--help")
        #expect(run.status == 0)
        #expect(run.output.contains("Examples:") && run.output.contains("deal --players 4 --cards 5"))
    }
}
