// gdk-pixbuf (with the GObject and GLib calls it needs), as the Debian package
// libgdk-pixbuf-2.0-dev installs it: the background image decoder and encoder.
#include <gdk-pixbuf/gdk-pixbuf.h>
