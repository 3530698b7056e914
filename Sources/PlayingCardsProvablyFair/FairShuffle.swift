internal import Crypto
public import PlayingCards

/// A provably fair shuffle: the server commits to a secret seed before the deal, the player adds
/// a seed of their own, and after the game anyone can check that the deal followed from both.
///
/// The protocol, `spc-fair-v1`:
/// 1. The server draws a 32-byte **server seed** and publishes its **commitment**,
///    `SHA-256(server seed)` as 64 lowercase hex digits.
/// 2. The player supplies a **client seed** (any text), and the game numbers the deal with a
///    **nonce** (a counter, so one server seed can serve many deals).
/// 3. The shuffle's 64-bit words come from HMAC-SHA256 blocks. Block `i` (0, 1, 2, …) is
///    `HMAC-SHA256(key: server seed, message: M(i))`, with
///    `M(i) = "spc-fair-v1" ‖ 0x00 ‖ UInt32-BE(byte length of client seed) ‖ client seed (UTF-8)
///    ‖ UInt64-BE(nonce) ‖ UInt64-BE(i)`; each 32-byte block gives four words, read
///    little-endian, in order.
/// 4. Those words drive the library's Fisher–Yates (`ShuffleAlgorithm.v1`, steps 2 and 3)
///    over the deck in its starting order (new-deck order unless the game says otherwise).
/// 5. After the game the server reveals the seed; ``verify(order:commitment:serverSeed:clientSeed:nonce:startingFrom:)``
///    checks the commitment and replays the shuffle.
///
/// ```swift
/// let serverSeed = ShuffleSeed.random()
/// let commitment = FairShuffle.commitment(to: serverSeed)          // publish before the deal
/// let fair = FairShuffle(serverSeed: serverSeed, clientSeed: "alice-7f3a", nonce: 1)
/// var deck = fair.shuffled(PlayingCardDeck())
/// // … play; then reveal serverSeed.hex …
/// try FairShuffle.verify(order: deck.cards, commitment: commitment,
///                        serverSeed: serverSeed, clientSeed: "alice-7f3a", nonce: 1)
/// ```
public struct FairShuffle: Sendable, Hashable {
    /// The protocol's version name, part of every HMAC message.
    public static let version = "spc-fair-v1"

    /// The server's secret seed, revealed after the game.
    public let serverSeed: ShuffleSeed
    /// The player's seed.
    public let clientSeed: String
    /// The deal's number under this server seed.
    public let nonce: UInt64

    /// The inputs of one deal.
    public init(serverSeed: ShuffleSeed, clientSeed: String, nonce: UInt64) {
        self.serverSeed = serverSeed
        self.clientSeed = clientSeed
        self.nonce = nonce
    }

    /// `SHA-256(server seed)` as 64 lowercase hex digits: what the server publishes before the deal.
    public static func commitment(to serverSeed: ShuffleSeed) -> String {
        SHA256.hash(data: serverSeed.bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The commitment to this deal's server seed.
    public var commitment: String { Self.commitment(to: serverSeed) }

    /// The deal's keystream, as a generator of 64-bit words.
    public func keystream() -> FairKeystream {
        FairKeystream(serverSeed: serverSeed, clientSeed: clientSeed, nonce: nonce)
    }

    /// Shuffles `deck` from its current order with this deal's keystream.
    public func shuffle(_ deck: inout PlayingCardDeck) {
        var generator = keystream()
        deck.shuffle(using: &generator)
    }

    /// A copy of `deck` shuffled with this deal's keystream.
    public func shuffled(_ deck: PlayingCardDeck) -> PlayingCardDeck {
        var copy = deck
        shuffle(&copy)
        return copy
    }

    /// Checks a revealed deal: that the server seed matches the commitment published before the
    /// deal, and that shuffling `deck` with the seeds and nonce gives exactly `order`.
    ///
    /// - Throws: ``FairShuffleVerificationError`` saying which check failed.
    public static func verify(
        order: [PlayingCard],
        commitment: String,
        serverSeed: ShuffleSeed,
        clientSeed: String,
        nonce: UInt64,
        startingFrom deck: PlayingCardDeck = PlayingCardDeck()
    ) throws(FairShuffleVerificationError) {
        let actual = Self.commitment(to: serverSeed)
        guard actual == commitment.lowercased() else {
            throw .commitmentMismatch(published: commitment, ofRevealedSeed: actual)
        }
        let expected = FairShuffle(serverSeed: serverSeed, clientSeed: clientSeed, nonce: nonce).shuffled(deck).cards
        guard expected.count == order.count else {
            throw .wrongCardCount(expected: expected.count, got: order.count)
        }
        if let position = expected.indices.first(where: { expected[$0] != order[$0] }) {
            throw .orderMismatch(position: position, expected: expected[position], got: order[position])
        }
    }
}

/// Why a revealed deal does not verify.
public enum FairShuffleVerificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The revealed server seed does not hash to the published commitment.
    case commitmentMismatch(published: String, ofRevealedSeed: String)
    /// The order has a different number of cards from the deck that was shuffled.
    case wrongCardCount(expected: Int, got: Int)
    /// The order differs from the replayed shuffle, first at this position (0 = top card).
    case orderMismatch(position: Int, expected: PlayingCard, got: PlayingCard)

    /// What failed, with the values involved.
    public var description: String {
        switch self {
        case .commitmentMismatch(let published, let actual):
            "the revealed server seed hashes to \(actual), not to the published commitment \(published)"
        case .wrongCardCount(let expected, let got):
            "the deal has \(got) cards, but the shuffled deck has \(expected)"
        case .orderMismatch(let position, let expected, let got):
            "card \(position + 1) of the deal is \(got.formatted(.code())), but the seeds and nonce give \(expected.formatted(.code()))"
        }
    }
}
