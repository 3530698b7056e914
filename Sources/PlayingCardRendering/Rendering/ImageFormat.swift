/// The file formats the renderer writes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG: a raster image at the style's resolution.
    case png
    /// SVG: vector, in millimetres, compact or flat.
    case svg
    /// PDF: vector, one page the size of the card.
    case pdf

    /// The format a file name's extension names (`png`, `svg`, `pdf`, any case), or `nil`.
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }

    /// The file extension, without a dot.
    public var fileExtension: String { rawValue }
}
