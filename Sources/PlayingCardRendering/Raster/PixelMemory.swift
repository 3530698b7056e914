#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Zeroed memory for pixels, freed with the value.
///
/// Large buffers come straight from the system with their pages mapped in one call
/// (`MAP_POPULATE` on Linux). Memory touched for the first time otherwise costs a page fault per
/// 4 KiB, two when it is read before it is written, as drawing with antialiasing does: for a
/// 744 × 1039 card that was about 2 ms of the 7 ms `render-card` took, against under 1 ms mapped
/// at once.
final class PixelMemory: @unchecked Sendable {
    // Unchecked: a buffer has one user at a time; a pool passes it from one to the next.

    /// The first byte.
    let bytes: UnsafeMutableRawPointer
    /// How many bytes there are.
    let count: Int
    private let mapped: Bool

    /// Below this, `calloc`'s recycled memory is cheaper than a new mapping.
    private static let mappingThreshold = 256 << 10

    /// `count` zero bytes, aligned for 32-bit pixels.
    init(count: Int) {
        self.count = count
        #if os(Linux)
        if count >= Self.mappingThreshold,
           let pointer = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0),
           pointer != MAP_FAILED {
            bytes = pointer
            mapped = true
            return
        }
        #endif
        guard let pointer = calloc(max(count, 1), 1) else { fatalError("out of memory for \(count) bytes of pixels") }
        bytes = pointer
        mapped = false
    }

    deinit {
        #if os(Linux)
        if mapped {
            munmap(bytes, count)
            return
        }
        #endif
        free(bytes)
    }
}
