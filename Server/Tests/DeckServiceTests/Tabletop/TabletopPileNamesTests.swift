@testable import DeckService
import Foundation
import PlayingCards
import PropertyBased
import Testing

/// The fixed-layout view's pile names: one per stack, never two alike, whatever labels the felt
/// gave its stacks.
@Suite("Tabletop pile names")
struct TabletopPileNamesTests {
    typealias F = TabletopFixtures

    /// A table with one face-up card in each of `labels.count` stacks, labelled as listed.
    static func table(labels: [String?]) throws -> Tabletop {
        var table = F.table()
        var generator = F.generator(1)
        for (index, label) in labels.enumerated() {
            try table.perform(.split(stack: "deck", count: 1, x: 100, y: 100), by: 1, at: F.start, using: &generator)
            try table.perform(.flip(stack: "s\(index + 1)", card: nil), by: 1, at: F.start, using: &generator)
            if let label {
                try table.perform(.arrange(stack: "s\(index + 1)", Arrangement(label: label)), by: 1, at: F.start, using: &generator)
            }
        }
        return table
    }

    @Test("labels that collide with each other or with stack ids give distinct names, the first keeping its label")
    func collidingLabels() throws {
        let table = try Self.table(labels: ["discard", "discard", nil, "s3", "discard@s2", nil, "s1"])
        let view = TableView(id: "t", table: table, viewer: nil)
        #expect(view.piles.map(\.name) == ["discard", "discard@s2-2", "s3@s3", "s3", "discard@s2", "s6", "s1"])
        #expect(view.piles.reduce(0) { $0 + $1.cards.count } == 7, "every face-up card is in one named pile")
        for (offset, pile) in view.piles.enumerated() {
            #expect(table.pile(named: pile.name) == offset + 1, "\(pile.name) reaches its own stack")
        }
    }

    /// Labels drawn from a few that collide: none, a repeated one, stack ids and a suffixed name.
    static let labels = Gen.int(in: 0...5).map { [nil, "discard", "discard", "s1", "s2", "discard@s1"][$0] as String? }.array(of: 0...10)

    @Test("any labels give every pile one name of its own, and each name reaches its pile")
    func namesAreUnique() async {
        await propertyCheck(count: 200, input: Self.labels) { labels in
            guard let table = try? Self.table(labels: labels) else { Issue.record("no table"); return }
            let names = table.pileNames
            #expect(names.count == labels.count)
            #expect(Set(names.map(\.name)).count == names.count, "names \(names.map(\.name)) repeat")
            for (name, index) in names { #expect(table.pile(named: name) == index) }
            for label in Set(labels.compactMap { $0 }) {
                let first = table.stacks.firstIndex { $0.label == label }
                #expect(table.pile(named: label) == first, "the first stack labelled \(label) keeps its label")
            }
        }
    }
}
