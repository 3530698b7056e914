#if canImport(Glibc)
import Glibc
#endif

/// Where a run of bytes first occurs in others (what `memmem` does; Glibc's module does not
/// export it): `memchr` for the first byte, then a compare.
package enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `start`.
    package static func find(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let base = haystack.baseAddress, let pattern = needle.baseAddress, !needle.isEmpty else { return nil }
        let first = Int32(needle[0])
        var index = start
        while haystack.count - index >= needle.count {
            guard let found = memchr(base + index, first, haystack.count - index - needle.count + 1) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + at, pattern, needle.count) == 0 { return at }
            index = at + 1
        }
        return nil
    }

    /// The offset of the first `needle` (a string's UTF-8) in `haystack` at or after `start`.
    package static func find(_ needle: String, in haystack: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        var needle = needle
        return needle.withUTF8 { find(UnsafeRawBufferPointer($0), in: haystack, from: start) }
    }
}
