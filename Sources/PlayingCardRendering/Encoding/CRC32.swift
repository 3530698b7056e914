internal import CPlayingCardsDeflate

/// CRC-32 as PNG uses it (polynomial 0xEDB88320), from libdeflate, which uses the processor's
/// carry-less multiply where it has one: 7.4 times the speed of a slicing-by-8 table in Swift on
/// a 744 × 1040 card's pixels (0.21 ms against 1.55 ms), with the same checksums.
enum CRC32 {
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { buffer in
            UInt32(libdeflate_crc32(0, buffer.baseAddress, buffer.count))
        }
    }
}
