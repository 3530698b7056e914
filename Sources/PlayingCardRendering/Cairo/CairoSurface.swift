internal import CPlayingCardsCairo

/// A Cairo surface that destroys itself; its status is checked when it is made.
final class CairoSurface {
    let pointer: OpaquePointer

    /// Takes ownership of a surface just created, or throws Cairo's error for it.
    init(taking pointer: OpaquePointer?, what: String) throws(RenderError) {
        guard let pointer else { throw RenderError(.drawing, "cairo could not create \(what)") }
        self.pointer = pointer
        try check(what)
    }

    deinit { cairo_surface_destroy(pointer) }

    /// An ARGB image of `width` × `height` pixels.
    static func image(width: Int, height: Int) throws(RenderError) -> CairoSurface {
        try CairoSurface(taking: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                         what: "a \(width) × \(height) image")
    }

    /// Throws if the surface is in an error state (Cairo's errors are sticky).
    func check(_ what: String) throws(RenderError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(.drawing, "cairo failed in \(what): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Completes all drawing; vector surfaces write their output here.
    func finish() throws(RenderError) {
        cairo_surface_finish(pointer)
        try check("finishing the surface")
    }
}
