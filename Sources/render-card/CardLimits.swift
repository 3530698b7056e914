import PlayingCardRendering

/// The limits `--help` documents, read from the renderer so that they cannot drift apart.
enum CardLimits {
    static let maximumPixels = CardSize.maximumPixels
    static let maximumArea = CardSize.maximumArea / 1_000_000
    static let maximumMillimetres = Int(CardSize.maximumMillimetres)
    static let resolutions = "\(Int(CardSize.resolutions.lowerBound))–\(Int(CardSize.resolutions.upperBound))"
    static let bleeds = "\(Int(CardSize.bleeds.lowerBound))–\(Int(CardSize.bleeds.upperBound))"
}
