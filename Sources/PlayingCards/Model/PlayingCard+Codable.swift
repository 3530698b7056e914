extension PlayingCard: Codable {
    /// Decodes a card from its short code, such as `"QH"`; any notation
    /// ``PlayingCard/init(_:)`` accepts is read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try PlayingCard(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the card as its short code, such as `"QH"`, `"10D"` or `"X2"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(formatted(.code()))
    }
}
