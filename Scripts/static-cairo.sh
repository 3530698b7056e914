#!/bin/sh
# Prepares a static link of Cairo for render-card's release build, in the folder given ($1).
#
# Loading libcairo.so and the twenty libraries under it (pixman, FreeType, Fontconfig, libpng,
# zlib, X11 and xcb, ...) took about 2 ms of every render-card run, more than drawing a card.
# Debian's -dev packages also ship these libraries as static archives; this script bundles them
# into render-card instead:
#
#   cairo-bundle.o   Cairo, pixman, FreeType, Fontconfig, libpng, zlib, expat and brotli, whole,
#                    as one object that the link takes once. Its symbols are exported, so that
#                    librsvg (which render-card opens at run time for users' SVG art) and the
#                    libraries under it bind to these copies, not to a second Cairo from
#                    libcairo.so: one Cairo, one FreeType and one Fontconfig in the process.
#   cairo-x.ld       The X11 and xcb archives that Cairo's (unused) X backends refer to.
#   libcairo.so      An empty linker script: the -lcairo that the build adds finds this first.
#   libdeflate.so    A linker script naming libdeflate.a.
#   *.pc             The system's cairo.pc and libdeflate.pc with the library folder pointing here;
#                    the build reads them through PKG_CONFIG_PATH.
#
# Makes no cairo-bundle.o when a static archive or binutils' ld is missing: the build then links
# Cairo dynamically, as before.
set -eu
out=$1
libdir=$(pkg-config --variable=libdir cairo)
bundled="cairo pixman-1 freetype fontconfig png16 z expat brotlidec brotlicommon"
x_libs="xcb-shm xcb-render Xrender Xext X11 xcb Xau Xdmcp bz2"
rm -f "$out/cairo-bundle.o"
command -v ld >/dev/null 2>&1 || exit 0
for lib in $bundled $x_libs deflate; do
    [ -f "$libdir/lib$lib.a" ] || exit 0
done
mkdir -p "$out"
archives=""
for lib in $bundled; do archives="$archives $libdir/lib$lib.a"; done
ld -r -o "$out/cairo-bundle.o" --whole-archive $archives --no-whole-archive
x_archives=""
for lib in $x_libs; do x_archives="$x_archives $libdir/lib$lib.a"; done
echo "GROUP ($x_archives )" > "$out/cairo-x.ld"
echo "/* Cairo is linked from cairo-bundle.o, which the build gives the linker once. */" > "$out/libcairo.so"
echo "GROUP ( $libdir/libdeflate.a )" > "$out/libdeflate.so"
for pc in cairo libdeflate; do
    sed "s|^Libs: -L\${libdir}|Libs: -L$out|" "$(pkg-config --variable=pcfiledir $pc)/$pc.pc" > "$out/$pc.pc"
done
