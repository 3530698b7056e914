internal import CPlayingCardsDeflate

/// CRC-32 as PNG uses it (polynomial 0xEDB88320), computed by libdeflate, which uses the
/// processor's carry-less multiplication where it has it.
enum CRC32 {
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            libdeflate_crc32(0, buffer.baseAddress, buffer.count)
        }
    }
}
