import PlayingCardRendering
import PlayingCardSnapshotTesting
import PlayingCards
import SnapshotTesting
import Testing

/// Every card the toolkit draws in the default style, pinned by a reviewed reference image.
@Suite("Deck snapshots", .snapshots(record: recordMode, diffTool: .imageDifferences))
struct DeckSnapshotTests {
    static let renderer = try! CardRenderer(style: snapshotStyle())

    @Test("Every card, both jokers and the back", arguments: PlayingCard.allCards.map(CardSide.face) + [.back])
    func card(_ side: CardSide) {
        assertSnapshot(of: side, as: .image(Self.renderer), named: side.code, testName: "card")
    }
}
