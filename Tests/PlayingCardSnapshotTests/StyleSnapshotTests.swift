import PlayingCardLayout
import PlayingCardRendering
import PlayingCardSnapshotTesting
import PlayingCards
import SnapshotTesting
import Testing

/// Each style option, SVG and PDF output, a hand and a sheet, pinned by references.
@Suite("Style snapshots", .snapshots(record: recordMode, diffTool: .imageDifferences))
struct StyleSnapshotTests {
    static let sample = try! [PlayingCard](parsing: "5D 10C KH QS X2")

    @Test("Every theme", arguments: Theme.builtIn.map(\.name))
    func theme(_ name: String) throws {
        let renderer = try CardRenderer(style: snapshotStyle { $0.theme = Theme.named(name)! })
        for card in Self.sample {
            assertSnapshot(of: card, as: .image(renderer), named: "\(name)-\(card.formatted(.code()))", testName: "theme")
        }
        assertSnapshot(of: CardSide.back, as: .image(renderer), named: "\(name)-back", testName: "theme")
    }

    @Test func pipLayouts() throws {
        for layout in PipLayout.allCases {
            let renderer = try CardRenderer(style: snapshotStyle { $0.pips = layout })
            for code in ["7H", "8S", "9D", "10C"] {
                assertSnapshot(of: try PlayingCard(code), as: .image(renderer), named: "\(layout)-\(code)")
            }
        }
    }

    @Test func indices() throws {
        let jumbo = try CardRenderer(style: snapshotStyle { $0.index = .jumbo })
        let four = try CardRenderer(style: snapshotStyle { $0.corners = .four })
        let german = try CardRenderer(style: snapshotStyle { $0.letters = .german; $0.corners = .four; $0.index = .jumbo })
        for code in ["8S", "10H", "KD"] {
            let card = try PlayingCard(code)
            assertSnapshot(of: card, as: .image(jumbo), named: "jumbo-\(code)")
            assertSnapshot(of: card, as: .image(four), named: "four-corners-\(code)")
        }
        assertSnapshot(of: PlayingCard(.jack, of: .clubs), as: .image(german), named: "german-jumbo-four-JC")
    }

    @Test func sizesFaceDownBleedAndBorder() throws {
        let bridge = try CardRenderer(style: snapshotStyle { $0.size = try! CardSize(pixelWidth: 180, pixelHeight: nil, dpi: 300, shape: .bridge) })
        assertSnapshot(of: PlayingCard(.queen, of: .diamonds), as: .image(bridge), named: "bridge-QD")
        let down = try CardRenderer(style: snapshotStyle { $0.faceDown = true; $0.backColor = try! Color(parsing: "#800020") })
        assertSnapshot(of: PlayingCard(.ace, of: .spades), as: .image(down), named: "face-down-AS")
        let print = try CardRenderer(style: snapshotStyle { $0.bleed = 3; $0.border = false })
        assertSnapshot(of: PlayingCard(.six, of: .hearts), as: .image(print), named: "bleed-6H")
        let zoomed = try CardRenderer(style: snapshotStyle { $0.faceScale = 1 })
        assertSnapshot(of: PlayingCard(.king, of: .spades), as: .image(zoomed), named: "face-scale-1-KS")
    }

    @Test func customArtFolder() throws {
        let renderer = try CardRenderer(style: snapshotStyle { $0.artwork = .folder(fixtures.appendingPathComponent("art").path) })
        for code in ["JH", "QS", "KC"] {
            assertSnapshot(of: try PlayingCard(code), as: .image(renderer), named: "custom-art-\(code)")
        }
    }

    @Test func svgAndPDF() throws {
        let compact = try CardRenderer(style: snapshotStyle())
        for side: CardSide in [.face(PlayingCard(.ace, of: .spades)), .face(PlayingCard(.ten, of: .hearts)),
                               .face(PlayingCard(.queen, of: .clubs)), .face(.joker(.black)), .back] {
            assertSnapshot(of: side, as: .svg(compact), named: "compact-\(side.code)")
        }
        let flat = try CardRenderer(style: snapshotStyle { $0.svgStyle = .flat })
        assertSnapshot(of: PlayingCard(.ten, of: .hearts), as: .svg(flat), named: "flat-10H")
        assertSnapshot(of: PlayingCard(.queen, of: .hearts), as: .pdf(compact), named: "QH")
    }

    @Test func handAndSheet() throws {
        let cards = try CardRenderer(style: snapshotStyle())
        let fan = Scene.fan(try [PlayingCard](parsing: "AS KD 10H 9C QS"), cardSize: (63, 88)).faceDown(first: 1)
        assertSnapshot(of: fan, as: .image(SceneRenderer(cards: cards), width: 600, height: 400), named: "fan")
        let small = try CardRenderer(style: snapshotStyle { $0.size = try! CardSize(pixelWidth: 50, pixelHeight: nil, dpi: 300) })
        let sheet = try small.spriteSheet(PlayingCard.allCards.map(CardSide.face) + [.back], columns: 11, as: .png)
        assertSnapshot(of: sheet, as: .image(), named: "deck")
    }
}
