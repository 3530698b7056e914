import PlayingCards
import PlayingCardLayout

/// Loads the user's artwork from a folder, checking every file before any card is drawn.
enum ArtworkFolder {
    /// The largest artwork file accepted, 16 MiB.
    static let maximumFileBytes = 16 << 20

    static func load(_ folder: String) throws(RenderError) -> CardArtwork {
        guard FileReading.kind(of: folder) == .folder else {
            throw RenderError(.artwork, "art folder \(folder) does not exist or is not a folder")
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        func find(_ stems: [String]) throws(RenderError) -> CardArtwork.Source? {
            for stem in stems {
                for format in [ArtworkImage.Format.svg, .png] {
                    let path = base + "\(stem).\(format.rawValue)"
                    if FileReading.kind(of: path) != .missing { return .image(try image(at: path, format: format)) }
                }
            }
            return nil
        }
        var cards: [PlayingCard: CardArtwork.Source] = [:]
        var ranks: [Rank: CardArtwork.Source] = [:]
        for rank in [Rank.jack, .queen, .king] {
            let rankCode = rank.symbol
            ranks[rank] = try find([rankCode])
            for suit in Suit.allCases {
                let card = PlayingCard(rank, of: suit)
                let code = card.formatted(.code())
                if let own = try find([code]) {
                    cards[card] = own
                } else if ranks[rank] == nil {
                    throw RenderError(.artwork, "art folder \(folder) has no picture for the \(card.formatted(.name)): add \(code).svg, \(code).png, \(rankCode).svg or \(rankCode).png")
                }
            }
        }
        let builtIn = BuiltInArtwork.artwork
        for joker in [PlayingCard.joker(.black), .joker(.red)] {
            if let own = try find([joker.formatted(.code())]) { cards[joker] = own }
        }
        return CardArtwork(ranks: ranks, cards: cards, joker: try find(["joker"]) ?? builtIn.joker,
                           back: try find(["back"]) ?? builtIn.back)
    }

    /// Reads and checks one file: size limit, format, decodable.
    static func image(at name: String, format: ArtworkImage.Format) throws(RenderError) -> ArtworkImage {
        let bytes = try FileReading.contents(of: name, limit: maximumFileBytes)
        guard !bytes.isEmpty else { throw RenderError(.artwork, "\(name): the file is empty") }
        switch format {
        case .png:
            let (width, height) = try ImageDecoder.pngSize(bytes, name: name)
            let image = ArtworkImage(name: name, format: .png, bytes: bytes, width: Double(width), height: Double(height))
            _ = try ImageDecoder.pngSurface(image)   // decode once now, so a corrupt file fails here
            return image
        case .svg:
            let (width, height) = try ImageDecoder.svgSize(bytes, name: name)
            return ArtworkImage(name: name, format: .svg, bytes: bytes, width: width, height: height)
        }
    }
}
