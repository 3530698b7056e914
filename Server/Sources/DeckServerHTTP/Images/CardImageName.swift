import DeckService
import PlayingCardRendering
import PlayingCards

/// The file names of card images: `QH`, `0H`, `X1`, `back`, and `aceDiamonds` for the ace of
/// diamonds (ad blockers block `AD.png`).
enum CardImageName {
    /// The file name, without extension, of a side.
    static func fileName(of side: CardSide) -> String {
        switch side {
        case .back: return "back"
        case .face(let card): return card == PlayingCard(.ace, of: .diamonds) ? "aceDiamonds" : card.apiCode
        }
    }

    /// The side and format a file name such as `QH.png` names.
    ///
    /// - Throws: ``RequestError`` (not found) naming the file when it is no card image.
    static func parse(_ file: String) throws(RequestError) -> (CardSide, ImageFormat) {
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let format = ImageFormat(fileExtension: String(parts[1])), format != .pdf else {
            throw RequestError(.notFound, "no card image '\(file)': images are CODE.png or CODE.svg, such as QH.png, 0H.svg, X1.png, back.png")
        }
        let name = String(parts[0])
        switch name {
        case "back": return (.back, format)
        case "aceDiamonds": return (.face(PlayingCard(.ace, of: .diamonds)), format)
        default:
            guard name.count <= 3, let card = try? PlayingCard(name) else {
                throw RequestError(.notFound, "no card image '\(file)': '\(name)' is not a card code; codes are rank A 2–9 0 J Q K then suit S D C H, jokers X1 and X2, and back")
            }
            return (.face(card), format)
        }
    }
}
