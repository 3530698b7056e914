#include "rsvg_loader.h"

#include <dlfcn.h>
#include <pthread.h>

static spc_rsvg_functions functions;
static const spc_rsvg_functions *loaded;
static const char *reason = "librsvg was not loaded";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        reason = "librsvg-2.so.2 could not be loaded (install librsvg2-2)";
        return;
    }
    functions.handle_new_from_data = dlsym(library, "rsvg_handle_new_from_data");
    functions.handle_render_document = dlsym(library, "rsvg_handle_render_document");
    functions.handle_get_intrinsic_dimensions = dlsym(library, "rsvg_handle_get_intrinsic_dimensions");
    functions.object_unref = dlsym(library, "g_object_unref");
    functions.error_free = dlsym(library, "g_error_free");
    if (!functions.handle_new_from_data || !functions.handle_render_document ||
        !functions.handle_get_intrinsic_dimensions || !functions.object_unref || !functions.error_free) {
        reason = "librsvg-2.so.2 is older than 2.46 (a function the renderer needs is missing)";
        return;
    }
    loaded = &functions;
}

const spc_rsvg_functions *spc_rsvg_load(const char **failure) {
    pthread_once(&once, load);
    if (!loaded && failure) *failure = reason;
    return loaded;
}
