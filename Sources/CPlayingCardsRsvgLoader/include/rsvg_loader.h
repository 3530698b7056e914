// librsvg, loaded on first use with dlopen: most renders never need it, and linking it would
// load some thirty libraries (pango, harfbuzz, gio, libxml2…) at every start of render-card.
#ifndef SPC_RSVG_LOADER_H
#define SPC_RSVG_LOADER_H

#include <stddef.h>
#include <stdint.h>

// The parts of librsvg's and GLib's ABI the renderer uses (librsvg ≥ 2.46).
typedef struct { double x, y, width, height; } spc_rsvg_rectangle;
typedef struct { double length; int unit; } spc_rsvg_length;   // unit 0 = px
typedef struct { uint32_t domain; int code; char *message; } spc_gerror;

typedef struct {
    void *(*handle_new_from_data)(const uint8_t *data, size_t length, spc_gerror **error);
    int (*handle_render_document)(void *handle, void *cairo, const spc_rsvg_rectangle *viewport, spc_gerror **error);
    void (*handle_get_intrinsic_dimensions)(void *handle, int *has_width, spc_rsvg_length *width, int *has_height,
                                            spc_rsvg_length *height, int *has_viewbox, spc_rsvg_rectangle *viewbox);
    void (*object_unref)(void *object);
    void (*error_free)(spc_gerror *error);
} spc_rsvg_functions;

// The functions, loaded once (thread-safe); NULL if librsvg cannot be loaded, with the reason in
// `*failure` (a static string).
const spc_rsvg_functions *spc_rsvg_load(const char **failure);

#endif
