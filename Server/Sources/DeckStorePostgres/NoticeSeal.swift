import Crypto
import Foundation

/// Seals table notices, so that what `NOTIFY` carries is readable only by the servers that
/// share the database.
///
/// PostgreSQL checks no privilege on `LISTEN`: any role that may connect to the database hears
/// every notice. A notice may carry a table's record (every hand, the deck's order), so each
/// payload is sealed with AES-GCM under a key kept in the table `notice_key`, which only the
/// role that owns the schema can read (``PostgresSchema``); a payload travels as the base64 of
/// nonce, ciphertext and tag.
struct NoticeSeal: Sendable {
    /// The key's bytes (Crypto's key type is not `Sendable`; it is made for each use).
    private let keyBytes: [UInt8]

    /// A seal under the 32 bytes of `key`.
    init(key: [UInt8]) {
        keyBytes = key
    }

    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// `plaintext`, sealed, as a payload.
    func seal(_ plaintext: [UInt8]) -> String {
        // Sealing with a fresh random nonce fails only for a key of the wrong size, which
        // `init` is never given (the schema checks it).
        let box = try! AES.GCM.seal(plaintext, using: key)
        return box.combined!.base64EncodedString()
    }

    /// The plaintext of `payload`; `nil` for one not sealed under this key, or altered.
    func open(_ payload: String) -> [UInt8]? {
        guard let combined = Data(base64Encoded: payload),
              let box = try? AES.GCM.SealedBox(combined: combined),
              let plaintext = try? AES.GCM.open(box, using: key) else { return nil }
        return Array(plaintext)
    }

    /// A new random key, for a database that has none yet.
    static func newKey() -> [UInt8] {
        SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    }
}
