import DeckService

/// A provably fair deck's public record: `{"algorithm", "commitment", "client_seed", "nonce"}`,
/// and once revealed `server_seed` and `order`.
struct FairJSON: Codable, Sendable {
    var algorithm = "spc-fair-v1"
    var commitment: String
    var clientSeed: String
    var nonce: UInt64
    var serverSeed: String?
    var order: [String]?

    enum CodingKeys: String, CodingKey {
        case algorithm, commitment
        case clientSeed = "client_seed"
        case nonce
        case serverSeed = "server_seed"
        case order
    }

    init(_ fairness: DeckView.Fairness) {
        commitment = fairness.commitment
        clientSeed = fairness.clientSeed
        nonce = fairness.nonce
        serverSeed = fairness.serverSeed
        order = fairness.order?.map(\.apiCode)
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(CodingKeys.algorithm, algorithm)
        writer.member(CodingKeys.commitment, commitment)
        writer.member(CodingKeys.clientSeed, clientSeed)
        writer.member(CodingKeys.nonce, nonce)
        if let serverSeed {
            writer.member(CodingKeys.serverSeed, serverSeed)
        }
        if let order {
            writer.key(CodingKeys.order)
            writer.beginArray()
            for code in order { writer.value(code) }
            writer.endArray()
        }
        writer.endObject()
    }
}
