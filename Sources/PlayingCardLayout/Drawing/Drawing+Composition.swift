extension Drawing {
    /// Draws `other` into this drawing under `transform`, keeping its symbols apart from this
    /// drawing's by prefixing their identifiers (`p` becomes `c3p` in the fourth drawing placed).
    public mutating func place(_ other: Drawing, transform: AffineTransform, clip: Path? = nil) {
        let prefix = "c\(placedDrawings)"
        placedDrawings += 1
        symbols += other.symbols.map { Symbol(id: prefix + $0.id, items: $0.items.map { Self.renaming($0, prefix: prefix) }) }
        items.append(.group(other.items.map { Self.renaming($0, prefix: prefix) }, transform: transform, clip: clip))
    }

    private static func renaming(_ item: Item, prefix: String) -> Item {
        switch item {
        case .use(let id, let transform): .use(prefix + id, transform: transform)
        case .group(let items, let transform, let clip): .group(items.map { renaming($0, prefix: prefix) }, transform: transform, clip: clip)
        case .doubleEnded(let items, let half, let center): .doubleEnded(items.map { renaming($0, prefix: prefix) }, half: half, center: center)
        case .path, .roundedRectangle, .image: item
        }
    }
}
