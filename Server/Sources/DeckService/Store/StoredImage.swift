import Crypto

/// How a background image is kept: an ``RecordKind/image`` record under the SHA-256 of its
/// bytes, named by the table's ``RecordKind/tableBackground`` record.
enum StoredImage {
    /// What a table's background record says.
    enum Reference: Equatable {
        /// The image stored under `digest`, shown as the table's background `number`.
        case stored(digest: String, number: Int)
        /// No image: the background numbered `number` was removed.
        case removed(number: Int)
        /// A record written before images were stored by their content: the image is in it.
        case inline(number: Int, mediaType: String, bytes: [UInt8])

        var number: Int {
            switch self {
            case .stored(_, let number), .removed(let number), .inline(let number, _, _): number
            }
        }

        /// The reference a background record holds; `nil` for an empty one.
        ///
        /// - Throws: ``ServiceError`` (`internalFailure`) for a record of neither form.
        init?(_ state: [UInt8]) throws(ServiceError) {
            if state.isEmpty { return nil }
            let text = String(decoding: state, as: UTF8.self)
            let parts = text.split(separator: " ", omittingEmptySubsequences: false)
            if parts.count == 2, let number = Int(parts[1]), number >= 0 {
                if StoredImage.isDigest(parts[0]) {
                    self = .stored(digest: String(parts[0]), number: number)
                    return
                }
                if parts[0] == Self.removedMark {
                    self = .removed(number: number)
                    return
                }
            }
            var reader = RecordReader(bytes: state)
            guard let number = reader.uint32(), let mediaType = reader.shortText() else {
                throw ServiceError(.internalFailure, .store, "has a damaged background record")
            }
            self = .inline(number: number, mediaType: mediaType, bytes: Array(state[reader.position...]))
        }

        /// The number a background record holds; 0 for an empty or damaged one.
        static func number(in state: [UInt8]) -> Int {
            guard let reference = try? Reference(state) else { return 0 }
            return reference.number
        }

        /// What a removed background's record holds in place of a digest.
        static let removedMark = "removed"

        /// A record naming the image `digest` as the background `number`.
        static func record(digest: String, number: Int) -> [UInt8] {
            Array("\(digest) \(number)".utf8)
        }

        /// A record of a background `number` that was removed.
        static func removedRecord(number: Int) -> [UInt8] {
            Array("\(removedMark) \(number)".utf8)
        }
    }

    /// The SHA-256 of `bytes`, as 64 lowercase hex digits: an image record's id.
    static func digest(of bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var digits: [UInt8] = []
        digits.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            digits.append(hex[Int(byte >> 4)])
            digits.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// Whether `text` has the form of a ``digest(of:)``.
    static func isDigest(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// An image record: the media type, then the bytes.
    static func record(digest: String, mediaType: String, bytes: [UInt8]) throws(ServiceError) -> [UInt8] {
        var record = RecordWriter(id: digest)
        try record.appendShortText(mediaType)
        record.bytes += bytes
        return record.bytes
    }

    /// The bytes and media type an image record holds.
    static func image(in record: [UInt8]) throws(ServiceError) -> (bytes: [UInt8], mediaType: String) {
        var reader = RecordReader(bytes: record)
        guard let mediaType = reader.shortText() else { throw ServiceError(.internalFailure, .store, "has a damaged image record") }
        return (Array(record[reader.position...]), mediaType)
    }
}
