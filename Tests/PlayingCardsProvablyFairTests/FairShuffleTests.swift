import PlayingCards
import PlayingCardsProvablyFair
import Testing

@Suite("Provably fair shuffles")
struct FairShuffleTests {
    static let serverSeed = try! ShuffleSeed(hex: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
    static let fair = FairShuffle(serverSeed: serverSeed, clientSeed: "alice", nonce: 1)

    // Test vectors of spc-fair-v1, computed independently of this library (Python's hashlib and
    // hmac over the documented byte layout) and printed in the documentation.
    @Test func commitmentVector() {
        #expect(Self.fair.commitment == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
    }

    @Test func keystreamVector() {
        var keystream = Self.fair.keystream()
        #expect((0..<8).map { _ in keystream.next() } == [
            0x0A2F_A3A6_1525_041E, 0xB3B5_6F89_0F64_D3A4, 0x2E21_0E5A_5192_3612, 0xB6E9_FFA4_AB7B_D49B,
            0x821E_DD15_F169_998E, 0x1B1E_BFAB_0AEA_23EE, 0xAD45_A086_59E8_0605, 0x06FF_204E_C5DD_49DC,
        ])
    }

    @Test func orderVector() {
        let order = Self.fair.shuffled(PlayingCardDeck()).cards.map { $0.formatted(.code()) }.joined(separator: " ")
        #expect(order == FairShuffleTests.expectedOrder)
    }

    static let expectedOrder = "6C QS AH JS 2H 8C 9S 5H 4D 7H 4H KS KC JH 6D 9H 8D QC 2S KD 3D 8S 7S 10H 3C AS 9D 3H 10C 8H JD 6S KH 10S 5D 6H QD AD 9C 7C 7D 4C 5S 2C 2D 5C 10D JC QH AC 4S 3S"

    @Test func anHonestDealVerifies() throws {
        let serverSeed = ShuffleSeed.random()
        let commitment = FairShuffle.commitment(to: serverSeed)
        let deal = FairShuffle(serverSeed: serverSeed, clientSeed: "bob-42", nonce: 7).shuffled(PlayingCardDeck())
        try FairShuffle.verify(order: deal.cards, commitment: commitment, serverSeed: serverSeed, clientSeed: "bob-42", nonce: 7)
        try FairShuffle.verify(order: deal.cards, commitment: commitment.uppercased(), serverSeed: serverSeed, clientSeed: "bob-42", nonce: 7)
        let withJokers = try PlayingCardDeck(jokers: 2)
        let jokerDeal = FairShuffle(serverSeed: serverSeed, clientSeed: "bob-42", nonce: 8).shuffled(withJokers)
        try FairShuffle.verify(order: jokerDeal.cards, commitment: commitment, serverSeed: serverSeed, clientSeed: "bob-42", nonce: 8, startingFrom: withJokers)
    }

    @Test func tamperingFailsVerification() {
        let order = Self.fair.shuffled(PlayingCardDeck()).cards
        let commitment = Self.fair.commitment
        let otherSeed = ShuffleSeed(1)

        let seed = #expect(throws: FairShuffleVerificationError.self) {
            try FairShuffle.verify(order: order, commitment: commitment, serverSeed: otherSeed, clientSeed: "alice", nonce: 1)
        }
        #expect(seed == .commitmentMismatch(published: commitment, ofRevealedSeed: FairShuffle.commitment(to: otherSeed)))

        let client = #expect(throws: FairShuffleVerificationError.self) {
            try FairShuffle.verify(order: order, commitment: commitment, serverSeed: Self.serverSeed, clientSeed: "alicE", nonce: 1)
        }
        guard case .orderMismatch? = client else { Issue.record("client seed: \(String(describing: client))"); return }

        let nonce = #expect(throws: FairShuffleVerificationError.self) {
            try FairShuffle.verify(order: order, commitment: commitment, serverSeed: Self.serverSeed, clientSeed: "alice", nonce: 2)
        }
        guard case .orderMismatch? = nonce else { Issue.record("nonce: \(String(describing: nonce))"); return }

        var swapped = order
        swapped.swapAt(10, 11)
        let cards = #expect(throws: FairShuffleVerificationError.self) {
            try FairShuffle.verify(order: swapped, commitment: commitment, serverSeed: Self.serverSeed, clientSeed: "alice", nonce: 1)
        }
        #expect(cards == .orderMismatch(position: 10, expected: order[10], got: order[11]))
        #expect(cards?.description == "card 11 of the deal is \(order[11].formatted(.code())), but the seeds and nonce give \(order[10].formatted(.code()))")

        #expect(throws: FairShuffleVerificationError.wrongCardCount(expected: 52, got: 51)) {
            try FairShuffle.verify(order: Array(order.dropLast()), commitment: commitment, serverSeed: Self.serverSeed, clientSeed: "alice", nonce: 1)
        }
    }

    @Test func clientSeedLengthIsPartOfTheMessage() {
        // Without the length prefix, ("ab", nonce) and ("a", …) could collide; with it they differ.
        var a = FairShuffle(serverSeed: Self.serverSeed, clientSeed: "ab", nonce: 1).keystream()
        var b = FairShuffle(serverSeed: Self.serverSeed, clientSeed: "a", nonce: 1).keystream()
        #expect(a.next() != b.next())
    }
}

@Suite("Provably fair: the documented walk-through")
struct FairWalkThroughTests {
    @Test func followsTheArticle() throws {
        // The server, before the deal.
        let serverSeed = ShuffleSeed.random()
        let commitment = FairShuffle.commitment(to: serverSeed)
        // The deal.
        let fair = FairShuffle(serverSeed: serverSeed, clientSeed: "tulip-8812", nonce: 1)
        var deck = fair.shuffled(PlayingCardDeck())
        let dealtOrder = deck.cards
        let hands = try deck.deal(hands: 4, cardsEach: 5)
        #expect(hands.joined().count == 20)
        // After the game.
        let revealedHex = serverSeed.hex
        let revealed = try ShuffleSeed(hex: revealedHex)
        try FairShuffle.verify(order: dealtOrder, commitment: commitment, serverSeed: revealed, clientSeed: "tulip-8812", nonce: 1)
    }
}
