public import PlayingCards
public import PlayingCardLayout

/// A card's face or the card back: what sheets and print pages are made of.
public enum CardSide: Sendable, Hashable {
    /// The face of a card.
    case face(PlayingCard)
    /// The back.
    case back

    /// The name used for files and atlas entries: the card's code (`AS`, `10H`, `X1`) or `back`.
    public var code: String {
        switch self {
        case .face(let card): card.formatted(.code())
        case .back: "back"
        }
    }
}

extension CardRenderer {
    /// One side in `format`.
    public func render(_ side: CardSide, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        try render(drawing(of: side), as: format)
    }

    /// Every side in `format`, rendered on all cores; the first error wins.
    ///
    /// - Parameters:
    ///   - sides: the faces and backs to render.
    ///   - format: the image format of every side.
    ///   - progress: called with the number of sides done so far, from any thread.
    /// - Returns: each side's bytes, in the order of `sides`.
    public func render(_ sides: [CardSide], as format: ImageFormat,
                       progress: (@Sendable (Int) -> Void)? = nil) throws(RenderError) -> [[UInt8]] {
        try inParallel(sides.count, progress: progress) { i throws(RenderError) in try render(sides[i], as: format) }
    }

    /// Every side in `format`, rendered on all cores, each handed to `deliver` with its index as
    /// soon as it is done, on the thread that rendered it: a caller can write one card to a file
    /// while others are still being drawn. The first error (in index order), from rendering or
    /// from `deliver`, is thrown once every side has been tried.
    ///
    /// - Parameters:
    ///   - sides: the faces and backs to render.
    ///   - format: the image format of every side.
    ///   - progress: called with the number of sides done so far, from any thread.
    ///   - deliver: takes each side's index and bytes as soon as it is rendered.
    public func render(_ sides: [CardSide], as format: ImageFormat, progress: (@Sendable (Int) -> Void)? = nil,
                       deliver: @Sendable (Int, [UInt8]) throws(RenderError) -> Void) throws(RenderError) {
        _ = try inParallel(sides.count, progress: progress) { i throws(RenderError) in
            try deliver(i, try render(sides[i], as: format))
        }
    }

    /// The drawing of one side.
    public func drawing(of side: CardSide) -> Drawing {
        switch side {
        case .face(let card): drawing(of: card)
        case .back: backDrawing()
        }
    }
}
