import PlayingCards
import PlayingCardLayout

/// Loads the user's artwork from a folder, checking every file before any card is drawn. The
/// folder may hold any subset of the pictures; the rest come from the built-in artwork.
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
        // Any subset will do: what the folder does not cover keeps the built-in art.
        let builtIn = BuiltInArtwork.artwork
        var cards: [PlayingCard: CardArtwork.Source] = [:]
        var ranks = builtIn.ranks
        var found = false
        for rank in [Rank.jack, .queen, .king] {
            let ownRank = try find([rank.symbol])
            if let ownRank {
                ranks[rank] = ownRank
                found = true
            }
            // A card's own file wins, then the folder's rank file, then the built-in figure.
            for suit in Suit.allCases {
                let card = PlayingCard(rank, of: suit)
                if let own = try find([card.formatted(.code())]) {
                    cards[card] = own
                    found = true
                } else if ownRank == nil {
                    cards[card] = builtIn.cards[card]
                }
            }
        }
        for joker in [PlayingCard.joker(.black), .joker(.red)] {
            if let own = try find([joker.formatted(.code())]) {
                cards[joker] = own
                found = true
            }
        }
        let joker = try find(["joker"]), back = try find(["back"])
        guard found || joker != nil || back != nil else {
            throw RenderError(.artwork, "art folder \(folder) has no picture to use: name files for one card (QH.svg, KS.png), a rank (J, Q or K), the jokers (X1, X2 or joker) or the back (back), each .svg or .png")
        }
        return CardArtwork(ranks: ranks, cards: cards, joker: joker ?? builtIn.joker, back: back ?? builtIn.back)
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
