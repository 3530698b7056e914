@testable import DeckService
@testable import DeckStorePostgres
import Foundation
import Testing

/// How a server learns of the others on the feed and knows when a notice it sent has been heard
/// by all of them; and the channel's messages for it, which read back as sent.
@Suite("Feed deliveries")
struct FeedDeliveriesTests {
    private let start = ContinuousClock.now

    @Test("a notice is done once every server heard from before its own echo confirmed it, and not before")
    func confirmed() {
        var deliveries = FeedDeliveries<ContinuousClock.Instant>(me: "a")
        deliveries.heard(from: "b", at: start)
        deliveries.heard(from: "c", at: start)
        deliveries.heard(from: "a", at: start)
        #expect(deliveries.servers.keys.sorted() == ["b", "c"], "a server does not wait for itself")
        let number = deliveries.ask(at: start)
        let done1 = deliveries.heardOwn(number)
        #expect(!done1)
        // A server heard of only after the echo started listening after the notice went out.
        deliveries.heard(from: "d", at: start)
        let done2 = deliveries.confirmed(number, by: "b")
        #expect(!done2)
        let done3 = deliveries.confirmed(number, by: "b")
        #expect(!done3, "twice from one server counts once")
        let done4 = deliveries.confirmed(number, by: "x")
        #expect(!done4, "a server not waited for")
        let done5 = deliveries.confirmed(number, by: "c")
        #expect(done5)
        #expect(deliveries.waitingCount == 0)
        let done6 = deliveries.confirmed(number, by: "d")
        #expect(!done6, "done already")
    }

    @Test("alone, a notice is done when its echo is heard")
    func alone() {
        var deliveries = FeedDeliveries<ContinuousClock.Instant>(me: "a")
        let number = deliveries.ask(at: start)
        let done7 = deliveries.heardOwn(number)
        #expect(done7)
        let done8 = deliveries.heardOwn(number)
        #expect(!done8, "heard twice, done once")
        #expect(deliveries.waitingCount == 0)
    }

    @Test("a server silent too long is forgotten and no longer waited for; a notice waited on too long is given up; giving up answers all")
    func sweep() {
        var deliveries = FeedDeliveries<ContinuousClock.Instant>(me: "a", patience: .seconds(2), forgetAfter: .seconds(7))
        deliveries.heard(from: "b", at: start)
        deliveries.heard(from: "c", at: start + .seconds(5))
        let first = deliveries.ask(at: start + .seconds(6))
        let done9 = deliveries.heardOwn(first)
        #expect(!done9)
        let done10 = deliveries.confirmed(first, by: "c")
        #expect(!done10)
        let done11 = deliveries.sweep(at: start + .seconds(6.5))
        #expect(done11 == [], "b is still waited for")
        let done12 = deliveries.sweep(at: start + .seconds(7))
        #expect(done12 == [first], "b went silent 7 s ago")
        #expect(deliveries.servers.keys.sorted() == ["c"])

        let second = deliveries.ask(at: start + .seconds(8))
        let done13 = deliveries.heardOwn(second)
        #expect(!done13)
        let done14 = deliveries.sweep(at: start + .seconds(9.9))
        #expect(done14 == [])
        let done15 = deliveries.sweep(at: start + .seconds(10))
        #expect(done15 == [second], "c never confirmed: given up after 2 s")

        let third = deliveries.ask(at: start + .seconds(10))
        let fourth = deliveries.ask(at: start + .seconds(10))
        let done16 = deliveries.giveUp()
        #expect(done16 == [third, fourth])
        #expect(deliveries.waitingCount == 0)
    }

    @Test("server names are short, lower-case letters and digits, and new each time")
    func names() {
        let names = (0..<100).map { _ in FeedMessage.newServerName() }
        #expect(Set(names).count == 100)
        #expect(names.allSatisfy(FeedMessage.isServerName))
        for bad in ["", "A1", "a|b", "a b", String(repeating: "z", count: 14)] {
            #expect(!FeedMessage.isServerName(bad), "\(bad)")
        }
    }

    @Test("the channel's messages read back as sent, sealed; malformed ones read as nothing")
    func messages() {
        let seal = TableNoticePayloadTests.seal
        let messages: [FeedMessage] = [
            .here(server: "k3x", listening: 4),
            .asking(server: "k3x", number: 17, .signal(id: "t1", .held(stack: "s1", seat: 2, until: nil))),
            .asking(server: "k3x", number: 18, .changed(id: "t1", version: 3, record: Array("a|b|c".utf8))),
            .heard(server: "k3x", number: 17, by: "q9"),
            .notice(.changed(id: "t1", version: 9, record: nil)),
        ]
        for message in messages {
            #expect(seal.open(seal.seal(message.bytes)).flatMap(FeedMessage.init) == message, "\(message)")
        }
        for bad in ["!", "!h|k3x", "!h|K3X|1", "!h|k3x|one", "!a|k3x|1", "!a|k3x|1|", "!k|k3x|1|", "!k|k3x|1|Q!", "!z|k3x|1|q", "!h|k3x|1|extra"] {
            #expect(FeedMessage(Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}
