import Synchronization
@testable import DeckService
import Foundation
import PlayingCards
import Testing
import DeckStoreSupport

/// The free-form table through the service: one store transaction per action, seats found by
/// token, and the same privacy in every answer.
@Suite("Tabletop through the service")
struct TabletopServiceTests {
    /// A table with Ann and Bob seated.
    static func table() async throws -> (DeckService, id: String, ann: String, bob: String) {
        let service = DeckService(store: InMemoryRecordStore())
        let ann = try await service.newTable(NewTableRequest(name: "Ann"))
        let bob = try await service.joinTable(ann.table.id, name: "Bob")
        return (service, ann.table.id, ann.token, bob.token)
    }

    @Test("two seats grab the same face-down card at once, 200 times: exactly one wins, the other gets 409 and nothing changes twice")
    func grabRace() async throws {
        for _ in 0..<200 {
            let (service, id, ann, bob) = try await Self.table()
            let view = try await service.tabletop(id, token: ann)
            let handle = try #require(view.stacks.first?.cards.last?.handle)
            // Each seat takes the deck's top card into its own hand.
            let grab: @Sendable (Int) -> TabletopAction = { seat in .move(from: .cards(stack: "deck", [.handle(handle)]), to: .hand(seat: seat), face: .keep) }
            let results = await withTaskGroup(of: (Int, Result<Int, ServiceError>).self) { group in
                for (seat, token) in [(1, ann), (2, bob)] {
                    group.addTask {
                        do {
                            return (seat, .success(try await service.act(at: id, token: token, grab(seat)).view.version))
                        } catch let error as ServiceError {
                            return (seat, .failure(error))
                        } catch {
                            return (seat, .failure(ServiceError(.internalFailure, .request, "\(error)")))
                        }
                    }
                }
                return await group.reduce(into: [(Int, Result<Int, ServiceError>)]()) { $0.append($1) }
            }
            let winners = results.filter { if case .success = $0.1 { true } else { false } }
            #expect(winners.count == 1, "\(results)")
            for case (_, .failure(let error)) in results { #expect(error.kind == .conflict && error.subject == .handle, "\(error)") }
            let after = try await service.tabletop(id, token: nil)
            #expect(after.version == view.version + 1)
            #expect(after.seats.map(\.handCount).reduce(0, +) == 1)
        }
    }

    @Test("a face-down stack shows handles to everyone, faces to the seat that peeks alone, and nothing of it in the piles of the table view")
    func privacy() async throws {
        let (service, id, ann, bob) = try await Self.table()
        let answer = try await service.act(at: id, token: ann, .split(stack: "deck", count: 3, x: 400, y: 300))
        let stack = try #require(answer.view.stacks.last)
        #expect(stack.cards.allSatisfy { $0.face == nil })
        let faces = try await service.peek(at: id, token: ann, stack: stack.id).faces
        #expect(faces.map(\.handle) == stack.cards.map(\.handle))
        for token in [bob, nil] as [String?] {
            let view = try await service.tabletop(id, token: token)
            let seen = Set(view.stacks.flatMap { $0.cards.compactMap(\.face) })
            #expect(seen.isDisjoint(with: faces.map(\.card)))
            let old = try await service.table(id, token: token)
            #expect(old.piles.allSatisfy { $0.cards.isEmpty }, "the piles of the table view show a face-down card")
        }
    }

    @Test("a drag names the card it carries by a handle of the views' form, or is refused naming it", arguments: ["", "K6LG", "k6lg|d|1", String(repeating: "a", count: 33), "<b>"])
    func dragHandle(handle: String) async throws {
        let (service, id, ann, _) = try await Self.table()
        _ = try await service.hold(at: id, token: ann, stack: "deck")
        try await service.drag(at: id, token: ann, stack: "deck", x: 10, y: 10, card: "k6lgebet9")
        let refusal = await #expect(throws: ServiceError.self) {
            try await service.drag(at: id, token: ann, stack: "deck", x: 10, y: 10, card: handle)
        }
        #expect(refusal?.kind == .badRequest && refusal?.subject == .handle)
    }

    @Test("letting go of a stack another seat holds tells nobody: the holder's hold stands, on the table and on every stream", .timeLimit(.minutes(1)))
    func releaseByAnother() async throws {
        let (service, id, ann, bob) = try await Self.table()
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await service.events.run() }
            let stream = try await service.events.subscribe(table: id, token: nil, signals: true)
            guard case .view = await stream.next() else { Issue.record("no first view"); return }
            // Ann's hold, renewed until the stream hears it: the events' listener is then in place
            // (a signal sent before it was is heard by nobody, as it should be).
            var heardHold = false
            while !heardHold {
                _ = try await service.hold(at: id, token: ann, stack: "deck")
                if case .signals(let signals) = await stream.next() {
                    heardHold = signals.contains { if case .held(_, 1, .some) = $0 { true } else { false } }
                }
            }
            let released = try await service.hold(at: id, token: bob, stack: "deck", release: true)
            #expect(released.stacks[0].heldBy == 1, "Bob's release ended Ann's hold")
            // A peek after it: every signal before the peek is on the stream once the peek is.
            _ = try await service.peek(at: id, token: bob, stack: "deck")
            var heard: [TableSignal] = []
            while !heard.contains(where: { if case .peeked = $0 { true } else { false } }) {
                guard case .signals(let signals) = await stream.next() else { continue }
                heard += signals
            }
            #expect(!heard.contains { if case .held(_, _, nil) = $0 { true } else { false } }, "a release was announced: \(heard)")
            stream.close()
            group.cancelAll()
        }
    }

    @Test("a hold by one seat refuses the other's action until released; the version does not move for holds")
    func holds() async throws {
        let (service, id, ann, bob) = try await Self.table()
        let held = try await service.hold(at: id, token: bob, stack: "deck")
        #expect(held.stacks[0].heldBy == 2)
        let refusal = await #expect(throws: ServiceError.self) { try await service.act(at: id, token: ann, .shuffle(stack: "deck")) }
        #expect(refusal?.kind == .conflict)
        let released = try await service.hold(at: id, token: bob, stack: "deck", release: true)
        #expect(released.stacks[0].heldBy == nil && released.version == held.version)
        _ = try await service.act(at: id, token: ann, .shuffle(stack: "deck"))
    }

    @Test("a hold runs out after 5 s unless renewed: then the other seat may take the stack, and the holder may drag it no more")
    func holdRunsOut() async throws {
        let clock = TestClock()
        let service = DeckService(store: InMemoryRecordStore(), now: { clock.now })
        let ann = try await service.newTable(NewTableRequest(name: "Ann"))
        let bob = try await service.joinTable(ann.table.id, name: "Bob")
        let id = ann.table.id
        _ = try await service.hold(at: id, token: bob.token, stack: "deck")
        try await service.drag(at: id, token: bob.token, stack: "deck", x: 10, y: 10)
        clock.advance(by: 4.9)
        await #expect(throws: ServiceError.self) { try await service.act(at: id, token: ann.token, .shuffle(stack: "deck")) }
        clock.advance(by: 0.2)
        let late = await #expect(throws: ServiceError.self) { try await service.drag(at: id, token: bob.token, stack: "deck", x: 20, y: 10) }
        #expect(late?.kind == .conflict && late?.subject == .stack)
        let view = try await service.tabletop(id, token: ann.token)
        #expect(view.stacks[0].heldBy == nil)
        _ = try await service.act(at: id, token: ann.token, .shuffle(stack: "deck"))
    }

    @Test("holds last as long as the limits say (--hold-seconds); a seat refused is told how long the hold has left")
    func holdDurationFromLimits() async throws {
        let clock = TestClock()
        var limits = DeckService.Limits()
        limits.holdDuration = 60
        let service = DeckService(store: InMemoryRecordStore(), limits: limits, now: { clock.now })
        let ann = try await service.newTable(NewTableRequest(name: "Ann"))
        let bob = try await service.joinTable(ann.table.id, name: "Bob")
        let id = ann.table.id
        _ = try await service.hold(at: id, token: bob.token, stack: "deck")
        clock.advance(by: 45.5)
        let refusal = await #expect(throws: ServiceError.self) { try await service.act(at: id, token: ann.token, .shuffle(stack: "deck")) }
        #expect(refusal?.kind == .conflict && refusal?.description.contains("up to 15 s") == true, "\(String(describing: refusal))")
        try await service.drag(at: id, token: bob.token, stack: "deck", x: 10, y: 10)
        clock.advance(by: 15)
        await #expect(throws: ServiceError.self) { try await service.drag(at: id, token: bob.token, stack: "deck", x: 20, y: 10) }
        _ = try await service.act(at: id, token: ann.token, .shuffle(stack: "deck"))
    }
}

/// A time that tests move by hand.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSinceReferenceDate: 800_000_000))

    var now: Date { time.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        time.withLock { $0.addTimeInterval(seconds) }
    }
}
