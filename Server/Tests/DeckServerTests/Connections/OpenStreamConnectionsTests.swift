@testable import DeckServerHTTP
import NIOCore
import NIOEmbedded
import Testing

/// The count of streams served without a task, which the server waits on as it stops: the
/// wait ends when the last closes, or when the waiting task is cancelled (the service group
/// gave up), never later. The channels are `NIOAsyncTestingChannel`s: an `EmbeddedChannel` may
/// be used only on the thread that made it, and a test's task goes on after an `await` on any.
@Suite("Open stream connections")
struct OpenStreamConnectionsTests {
    @Test("the wait ends once the last stream's connection closes")
    func endsWhenClosed() async throws {
        let connections = OpenStreamConnections()
        let channels = [NIOAsyncTestingChannel(), NIOAsyncTestingChannel()]
        for channel in channels { connections.add(channel) }
        #expect(connections.count == 2)
        async let waited: Void = connections.allClosed()
        for channel in channels { _ = try? await channel.finish() }
        await waited
        #expect(connections.count == 0)
    }

    @Test("a cancelled wait ends though a stream is still open")
    func endsWhenCancelled() async throws {
        let connections = OpenStreamConnections()
        let channel = NIOAsyncTestingChannel()
        connections.add(channel)
        let wait = Task { await connections.allClosed() }
        wait.cancel()
        await wait.value
        #expect(connections.count == 1)
        _ = try? await channel.finish()
    }
}
