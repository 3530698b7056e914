@testable import DeckServerHTTP
import AsyncHTTPClient
import DeckTestSupport
import Foundation
import NIOCore
import Synchronization

/// A client of a Server-Sent Events stream: reads it in a task of its own (through
/// ``ServerSentEventParser``) and hands out its events (and the comment lines it saw) in order.
final class EventStreamReader: Sendable {
    /// One event: its `id`, its `data` and its name (`view`, `change`, `drag`…).
    typealias Event = ServerSentEventParser.Event

    /// The answer's status and headers.
    let status: Int
    let contentType: String?
    private let inbox = Inbox()
    private let reading: Task<Void, Never>
    /// A client of its own, whose shutdown closes the connection for certain (cancelling the
    /// read alone leaves it open).
    private let client = HTTPClient(eventLoopGroupProvider: .singleton)

    /// Opens `url` with `headers`; throws when it cannot connect.
    init(_ url: String, headers: [(String, String)] = []) async throws {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(3600))
        } catch {
            try? await client.shutdown()
            throw error
        }
        status = Int(response.status.code)
        contentType = response.headers.first(name: "content-type")
        let inbox = inbox
        reading = Task {
            var parser = ServerSentEventParser()
            do {
                for try await chunk in response.body {
                    let bytes = Array(buffer: chunk)
                    inbox.record(bytes)
                    for output in parser.read(bytes) {
                        switch output {
                        case .event(let event): inbox.deliver(event)
                        case .comment(let text): inbox.comment(":" + text)
                        }
                    }
                }
            } catch {}
            inbox.deliver(nil)
        }
    }

    /// The next event, or `nil` when none comes within `timeout` or the stream ended.
    func next(within timeout: Duration = .seconds(60)) async -> Event? {
        await withTaskGroup(of: Event?.self) { group in
            group.addTask { [inbox] in await inbox.take() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            // Whichever ends first cancels the other; an event taken meanwhile still counts.
            var event: Event?
            for await finished in group {
                group.cancelAll()
                if let finished { event = finished }
            }
            return event
        }
    }

    /// The next event whose table view is at `version` or later.
    func view(atLeast version: Int, within timeout: Duration = .seconds(60)) async throws -> TableJSON? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let event = await next(within: deadline - ContinuousClock.now) else { return nil }
            let view = try event.table
            if view.version >= version { return view }
        }
        return nil
    }

    /// The next event named `name` (skipping others), or `nil` when none comes within
    /// `timeout`.
    func next(named name: String, within timeout: Duration = .seconds(60)) async -> Event? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let event = await next(within: deadline - ContinuousClock.now) else { return nil }
            if event.name == name { return event }
        }
        return nil
    }

    /// Whether the server ended the stream.
    var ended: Bool { inbox.state.withLock { $0.ended } }

    /// The comment lines seen so far.
    var commentLines: [String] { inbox.state.withLock { $0.comments } }
    /// Every byte of the stream so far, as text.
    var text: String { inbox.state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

    /// Whether a comment line came within `timeout` (a bound for a test that would otherwise
    /// hang, not a time the server is held to).
    func waitForCommentLine(within timeout: Duration) async -> Bool {
        await poll(within: timeout) { !$0.comments.isEmpty }
    }

    /// Whether the server ended the stream within `timeout`.
    func waitUntilEnded(within timeout: Duration) async -> Bool {
        await poll(within: timeout) { $0.ended }
    }

    /// Whether `condition` came to hold within `timeout`, looked for by DeckTestSupport's one
    /// wait for an event.
    private func poll(within timeout: Duration, until condition: (Inbox.State) -> Bool) async -> Bool {
        let inbox = inbox
        return (try? await waitUntil("the stream's reader", within: timeout) { inbox.state.withLock { condition($0) } }) != nil
    }

    /// Stops reading and closes the connection.
    func close() async {
        reading.cancel()
        try? await client.shutdown()
    }

    deinit {
        // A test that ends early (a failed `#require`) never calls close(), and AsyncHTTPClient
        // stops the process when a client is freed before its shutdown. The shutdown keeps the
        // client until it is done; after close() it only fails, unheard.
        reading.cancel()
        _ = client.shutdown()
    }

    /// Events read and not yet taken, a reader waiting for one, and what else was read.
    private final class Inbox: Sendable {
        struct State {
            var events: [Event] = []
            var waiter: CheckedContinuation<Event?, Never>?
            var ended = false
            var comments: [String] = []
            var bytes: [UInt8] = []
        }

        let state = Mutex(State())

        func record(_ bytes: [UInt8]) { state.withLock { $0.bytes += bytes } }
        func comment(_ line: String) { state.withLock { $0.comments.append(line) } }

        /// Hands `event` to a waiting reader or queues it; `nil` marks the stream's end.
        func deliver(_ event: Event?) {
            let waiter = state.withLock { state -> CheckedContinuation<Event?, Never>? in
                if let event {
                    if let waiter = state.waiter {
                        state.waiter = nil
                        return waiter
                    }
                    state.events.append(event)
                    return nil
                }
                state.ended = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: event)
        }

        /// Waits for the next event; `nil` at the end or when cancelled.
        func take() async -> Event? {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
                    let ready = state.withLock { state -> Event?? in
                        if !state.events.isEmpty { return .some(state.events.removeFirst()) }
                        if state.ended || Task.isCancelled { return .some(nil) }
                        state.waiter = continuation
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<Event?, Never>? in
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume(returning: nil)
            }
        }
    }
}

extension ServerSentEventParser.Event {
    /// The data as a table view.
    var table: TableJSON {
        get throws { try JSONDecoder().decode(TableJSON.self, from: Data(data.utf8)) }
    }
}
