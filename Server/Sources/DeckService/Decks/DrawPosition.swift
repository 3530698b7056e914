/// Where cards are drawn from, in a deck or a pile.
public enum DrawPosition: Sendable, Hashable {
    /// From the top.
    case top
    /// From the bottom.
    case bottom
    /// From random positions, chosen by the secure generator.
    case random
}
