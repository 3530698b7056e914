extension Unicode.Scalar {
    /// Whether the scalar is a control or formatting character (such as a zero-width space or
    /// the right-to-left override), which no name or label at a table may hold: it could make
    /// one pass for another on the page.
    var isHiddenInNames: Bool {
        [.control, .format].contains(properties.generalCategory)
    }
}
