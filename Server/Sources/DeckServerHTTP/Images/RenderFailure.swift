/// A card image that could not be rendered: a fault of the server (500), logged with its cause.
struct RenderFailure: Error, CustomStringConvertible {
    var key: CardImageCache.Key
    var cause: String
    var description: String { "the card image \(key) could not be rendered: \(cause)" }
}
