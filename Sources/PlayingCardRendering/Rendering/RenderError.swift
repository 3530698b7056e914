/// Why a card could not be rendered or written.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Sendable, Hashable {
        /// The card size, resolution or bleed is outside what is allowed.
        case invalidSize
        /// A style option is outside what is allowed.
        case invalidStyle
        /// An artwork file is missing, unreadable, corrupt or too large.
        case artwork
        /// Cairo or librsvg reported an error while drawing.
        case drawing
        /// An output file could not be written.
        case output
    }

    /// The kind of failure.
    public let code: Code
    /// What was wrong, where, and what is allowed.
    public let message: String

    /// An error of `code` with a message for the user.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
