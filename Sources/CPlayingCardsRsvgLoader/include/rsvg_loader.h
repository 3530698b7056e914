// librsvg, loaded on first use with dlopen: most renders never need it, and linking it would
// load some thirty libraries (pango, harfbuzz, gio, libxml2…) at every start of render-card.
#ifndef SPC_RSVG_LOADER_H
#define SPC_RSVG_LOADER_H

#include <stddef.h>
#include <stdint.h>

// The parts of librsvg's and GLib's ABI the renderer uses (librsvg ≥ 2.46), written out by hand
// so that building needs no -dev package. RsvgABITests compiles against the real rsvg.h and
// checks these against it.
typedef struct { double x, y, width, height; } spc_rsvg_rectangle;

// RsvgUnit, in librsvg's order (percent first). Newer librsvg versions add units after PC.
typedef enum {
    SPC_RSVG_UNIT_PERCENT = 0,
    SPC_RSVG_UNIT_PX = 1,
    SPC_RSVG_UNIT_EM = 2,
    SPC_RSVG_UNIT_EX = 3,
    SPC_RSVG_UNIT_IN = 4,
    SPC_RSVG_UNIT_CM = 5,
    SPC_RSVG_UNIT_MM = 6,
    SPC_RSVG_UNIT_PT = 7,
    SPC_RSVG_UNIT_PC = 8,
} spc_rsvg_unit;

typedef struct { double length; spc_rsvg_unit unit; } spc_rsvg_length;   // RsvgLength
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
