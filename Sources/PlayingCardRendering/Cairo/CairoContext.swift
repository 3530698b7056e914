internal import CPlayingCardsCairo

/// A Cairo drawing context that destroys itself. One per render: contexts are never shared
/// between threads.
final class CairoContext {
    let pointer: OpaquePointer
    let surface: CairoSurface

    init(surface: CairoSurface) throws(RenderError) {
        self.surface = surface
        guard let pointer = cairo_create(surface.pointer) else { throw RenderError(.drawing, "cairo could not create a context") }
        self.pointer = pointer
        try check("creating a context")
    }

    deinit { cairo_destroy(pointer) }

    /// Throws if the context is in an error state.
    func check(_ what: String) throws(RenderError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(.drawing, "cairo failed in \(what): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
