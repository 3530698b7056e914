internal import CPlayingCardsCairo
import PlayingCardLayout

extension CairoContext {
    /// Draws `drawing` with its units scaled to pixels or points.
    func draw(_ drawing: Drawing, scaleX: Double, scaleY: Double) throws(RenderError) {
        cairo_scale(pointer, scaleX, scaleY)
        setDrawingDefaults()
        try draw(drawing.items, symbols: drawing.symbolTable)
        try check("drawing \(drawing.title)")
    }

    /// How every drawing is filled and stroked: non-zero winding, round caps and joins.
    func setDrawingDefaults() {
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        // Curves flattened to within a quarter pixel: indistinguishable, and cheaper to stroke.
        cairo_set_tolerance(pointer, 0.25)
    }

    /// Draws `items` under the current transform; `symbols` are the drawing's, by identifier.
    func draw(_ items: [Drawing.Item], symbols: [String: [Drawing.Item]]) throws(RenderError) {
        for item in items {
            switch item {
            case .path(let path, let fill, let stroke):
                paint(path, fill: fill, stroke: stroke)
            case .roundedRectangle(let rect, let radius, let fill, let stroke):
                paint(.roundedRectangle(rect, radius: radius), fill: fill, stroke: stroke)
            case .use(let id, let transform):
                guard let content = symbols[id] else { continue }
                cairo_save(pointer)
                apply(transform)
                try draw(content, symbols: symbols)
                cairo_restore(pointer)
            case .group(let content, let transform, let clip):
                cairo_save(pointer)
                apply(transform)
                if let clip {
                    addClip(clip)
                    cairo_clip(pointer)
                }
                try draw(content, symbols: symbols)
                cairo_restore(pointer)
            case .image(let image, let frame):
                try drawImage(image, in: frame)
            case .doubleEnded(let content, let half, let center):
                // Drawn once into a group the size of the half, then painted twice.
                cairo_save(pointer)
                addClip(.rectangle(half))
                cairo_clip(pointer)
                cairo_push_group(pointer)
                try draw(content, symbols: symbols)
                let picture = cairo_pop_group(pointer)
                defer { cairo_pattern_destroy(picture) }
                cairo_set_source(pointer, picture)
                cairo_paint(pointer)
                cairo_restore(pointer)
                cairo_save(pointer)
                // A half turn maps pixels onto pixels when the centre falls on a pixel centre or
                // corner in device space; then the copy is exact. Otherwise it is resampled.
                var x = center.x, y = center.y
                cairo_user_to_device(pointer, &x, &y)
                let exact = (2 * x).rounded() == 2 * x && (2 * y).rounded() == 2 * y
                apply(.rotation(.pi, about: center))
                addClip(.rectangle(half))
                cairo_clip(pointer)
                cairo_set_source(pointer, picture)
                cairo_pattern_set_filter(picture, exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
                cairo_paint(pointer)
                cairo_restore(pointer)
            }
        }
    }

    func apply(_ t: AffineTransform) {
        guard t != .identity else { return }
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(pointer, &matrix)
    }

    func add(_ path: Path) {
        cairo_new_path(pointer)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(pointer, p.x, p.y)
            case .line(let p): cairo_line_to(pointer, p.x, p.y)
            case .curve(let c1, let c2, let p): cairo_curve_to(pointer, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(pointer)
            }
        }
    }

    /// Adds a clip path; an axis-aligned rectangle is snapped to whole device pixels, which Cairo
    /// clips cheaply (an unaligned clip makes it composite every shape through a mask).
    func addClip(_ path: Path) {
        guard let rect = path.axisAlignedRectangle else {
            add(path)
            return
        }
        var x0 = rect.origin.x, y0 = rect.origin.y, x1 = x0 + rect.width, y1 = y0 + rect.height
        cairo_user_to_device(pointer, &x0, &y0)
        cairo_user_to_device(pointer, &x1, &y1)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_new_path(pointer)
        let (left, right) = (min(x0, x1).rounded(), max(x0, x1).rounded())
        let (top, bottom) = (min(y0, y1).rounded(), max(y0, y1).rounded())
        cairo_rectangle(pointer, left, top, right - left, bottom - top)
        // The path survives restore; only the matrix returns.
        cairo_restore(pointer)
    }

    /// Sets a solid source colour.
    func setColor(_ color: Color) {
        cairo_set_source_rgba(pointer, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
                              Double(color.alpha) / 255)
    }

    private func paint(_ path: Path, fill: Color?, stroke: Drawing.Stroke?) {
        add(path)
        if let fill {
            setColor(fill)
            if stroke != nil { cairo_fill_preserve(pointer) } else { cairo_fill(pointer) }
        }
        if let stroke {
            setColor(stroke.color)
            cairo_set_line_width(pointer, stroke.width)
            cairo_stroke(pointer)
        }
        cairo_new_path(pointer)
    }
}

extension Drawing {
    /// The symbols' items by identifier.
    var symbolTable: [String: [Drawing.Item]] {
        var table: [String: [Drawing.Item]] = [:]
        for symbol in symbols { table[symbol.id] = symbol.items }
        return table
    }
}
