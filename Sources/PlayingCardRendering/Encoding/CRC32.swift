/// CRC-32 as PNG uses it (polynomial 0xEDB88320), eight bytes a step.
enum CRC32 {
    static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[0][n] = c
        }
        for n in 0..<256 {
            for k in 1..<8 { tables[k][n] = (tables[k - 1][n] >> 8) ^ tables[0][Int(tables[k - 1][n] & 0xFF)] }
        }
        return tables
    }()

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            tables.withUnsafeBufferPointer { t in
                let t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7]
                var i = 0
                let n = buffer.count
                while i + 8 <= n {
                    let lo = crc ^ (UInt32(buffer[i]) | UInt32(buffer[i + 1]) << 8 | UInt32(buffer[i + 2]) << 16 | UInt32(buffer[i + 3]) << 24)
                    crc = t7[Int(lo & 0xFF)] ^ t6[Int((lo >> 8) & 0xFF)] ^ t5[Int((lo >> 16) & 0xFF)] ^ t4[Int(lo >> 24)]
                        ^ t3[Int(buffer[i + 4])] ^ t2[Int(buffer[i + 5])] ^ t1[Int(buffer[i + 6])] ^ t0[Int(buffer[i + 7])]
                    i += 8
                }
                while i < n {
                    crc = t0[Int((crc ^ UInt32(buffer[i])) & 0xFF)] ^ (crc >> 8)
                    i += 1
                }
            }
        }
        return ~crc
    }
}
