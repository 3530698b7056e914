@testable import PlayingCardRendering
import Testing

/// The PNG chunks' checksum: CRC-32 with PNG's polynomial, checked against known values.
@Suite("CRC-32")
struct CRC32Tests {
    @Test func matchesTheStandardCheckValues() {
        // The check value of the CRC catalogue, and the IEND chunk every PNG ends with.
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("IEND".utf8)[...]) == 0xAE42_6082)
        #expect(CRC32.checksum([][...]) == 0)
    }

    @Test func readsOnlyTheSlice() {
        let bytes = Array("xx123456789yy".utf8)
        #expect(CRC32.checksum(bytes[2..<11]) == 0xCBF4_3926)
    }
}
