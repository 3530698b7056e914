extension VectorArt {
    /// Artwork that is read only when something first needs its shapes: `load` runs then, and
    /// again at every use, so it should hand back art it keeps (a `static let`, which Swift
    /// initialises once, thread-safely, on first use).
    ///
    /// The built-in designs are made this way, so that a program drawing one card reads one
    /// picture, not all fourteen.
    package init(deferred load: @escaping @Sendable () -> VectorArt) {
        storage = .deferred(load)
    }

    /// Equal when the pictures are: same viewBox and shapes, however each was read.
    public static func == (a: VectorArt, b: VectorArt) -> Bool {
        a.content == b.content
    }

    /// Hashes the picture's viewBox and shapes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(content)
    }
}
