internal import CPlayingCardsCairo
public import PlayingCardLayout

/// The least Cairo must do to draw a picture: every path of the drawing, with every symbol
/// written out, filled (and stroked where the drawing strokes it) straight into one image that is
/// made once, in the drawing's order, with nothing else: no clearing, no bands, no stamps, no
/// encoding. `make bench` sets the renderer's raster time against it (issue 21: at most 1.1×).
///
/// For benchmarks only (`@_spi(Benchmarking) import PlayingCardRendering`); it draws paths, and
/// skips images and clips.
@_spi(Benchmarking)
public final class CairoFillBaseline {
    private struct Shape {
        var path: Path
        var matrix: cairo_matrix_t
        var fill: Color?
        var stroke: Drawing.Stroke?
    }

    private let shapes: [Shape]
    private let surface: CairoSurface
    private let context: CairoContext

    /// Writes out `drawing`'s paths at `width` × `height` pixels and makes the image.
    public init(_ drawing: Drawing, width: Int, height: Int) throws(RenderError) {
        var shapes: [Shape] = []
        let symbols = drawing.symbolTable
        func collect(_ items: [Drawing.Item], _ matrix: DeviceMatrix) {
            for item in items {
                switch item {
                case .path(let path, let fill, let stroke):
                    shapes.append(Shape(path: path, matrix: matrix.matrix, fill: fill, stroke: stroke))
                case .roundedRectangle(let rect, let radius, let fill, let stroke):
                    shapes.append(Shape(path: .roundedRectangle(rect, radius: radius), matrix: matrix.matrix, fill: fill, stroke: stroke))
                case .use(let id, let transform):
                    collect(symbols[id] ?? [], matrix.then(transform))
                case .group(let content, let transform, _):
                    collect(content, matrix.then(transform))
                case .doubleEnded(let content, _, let center):
                    collect(content, matrix)
                    collect(content, matrix.then(.rotation(.pi, about: center)))
                case .image:
                    break
                }
            }
        }
        collect(drawing.items, DeviceMatrix(scaleX: Double(width) / drawing.width, scaleY: Double(height) / drawing.height))
        self.shapes = shapes
        surface = try CairoSurface.image(width: width, height: height)
        context = try CairoContext(surface: surface)
        context.setDrawingDefaults()
    }

    /// Fills and strokes every path once.
    public func draw() throws(RenderError) {
        for shape in shapes {
            var matrix = shape.matrix
            cairo_set_matrix(context.pointer, &matrix)
            context.add(shape.path)
            if let fill = shape.fill {
                context.setColor(fill)
                if shape.stroke != nil { cairo_fill_preserve(context.pointer) } else { cairo_fill(context.pointer) }
            }
            if let stroke = shape.stroke {
                context.setColor(stroke.color)
                cairo_set_line_width(context.pointer, stroke.width)
                cairo_stroke(context.pointer)
            }
            cairo_new_path(context.pointer)
        }
        cairo_surface_flush(surface.pointer)
        try context.check("filling the baseline's paths")
    }
}
