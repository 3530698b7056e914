import DeckClientAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// What happened at a table, as its event stream tells it.
public enum TableEvent: Sendable, Hashable {
    /// The whole table: first, and again whenever the stream skipped versions or reconnected.
    case view(TableView)
    /// A change, with the table after it and the stacks it changed or removed.
    case change(TableView, changed: [String], removed: [String])
    /// A seat holds a stack while dragging it, until the time given (nil: released).
    case hold(stack: String, seat: Int, until: Date?)
    /// Where a seat's dragged stack (or, with a handle, the card carried off it) is now.
    case drag(stack: String, seat: Int, x: Double, y: Double, handle: String?)
    /// A seat looked at face-down cards of a stack; only that seat saw them.
    case peek(stack: String, seat: Int)
}

/// A table's live events as an `AsyncSequence`, each applied to a local ``TableView``.
///
/// ```swift
/// for try await event in seat.events() {
///     if case .change(let table, let changed, _) = event { print(table.version, changed) }
/// }
/// ```
///
/// A dropped connection, or a gap in the versions, is opened again after the server's retry hint
/// (at least 0.1 s), with `Last-Event-ID`; the server then sends the whole table, so changes
/// made meanwhile arrive in that `.view`. A change older than the view is skipped. A refusal (a bad token, an unknown
/// table, a shut watch link) ends the sequence with a ``DeckClientError``; so does a limit
/// (429, 503) when it persists for `maximumRetries` attempts in a row.
public struct TableEvents: AsyncSequence, Sendable {
    /// Each event, with the table it leaves.
    public typealias Element = TableEvent
    /// A refusal (``DeckClientError``), or a connection that could not be opened again.
    public typealias Failure = any Error

    enum Source: Sendable {
        case seat(tableID: String, token: String)
        case watch(key: String)
    }

    let client: DeckClient
    let source: Source
    /// Attempts in a row that may fail to connect before the sequence ends with the last error.
    public var maximumRetries = 10

    init(client: DeckClient, source: Source) {
        self.client = client
        self.source = source
    }

    /// An iterator that opens the stream on its first `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(events: self)
    }

    /// Reads one connection's events and opens another when it drops.
    public struct Iterator: AsyncIteratorProtocol {
        typealias Connection = any AsyncIteratorProtocol<ServerSentEvent, any Error>

        let events: TableEvents
        var connection: Connection?
        var view: TableView?
        var lastEventID: String?
        var retry: Duration = .seconds(2)
        var failures = 0

        init(events: TableEvents) {
            self.events = events
        }

        /// The next event; nil once the task is cancelled.
        public mutating func next() async throws -> TableEvent? {
            while !Task.isCancelled {
                if connection == nil {
                    do {
                        let events = self.events, lastEventID = self.lastEventID
                        connection = try await refusals { try await Self.connect(events, lastEventID: lastEventID) }
                    } catch is CancellationError {
                        return nil
                    } catch let error as DeckClientError where [400, 401, 403, 404, 410].contains(error.status) {
                        throw error
                    } catch {
                        failures += 1
                        if failures > events.maximumRetries { throw error }
                        let asked = (error as? DeckClientError)?.retryAfter.map { Duration.seconds($0) } ?? .zero
                        guard await Self.pause(Swift.max(retry, asked)) else { return nil }
                        continue
                    }
                }
                do {
                    try Task.checkCancellation()
                    guard let item = try await connection!.next() else {
                        // The server ended the stream: open another after its hint, as EventSource does.
                        connection = nil
                        guard await Self.pause(retry) else { return nil }
                        continue
                    }
                    if let event = try read(item) {
                        if case .view = event { failures = 0 }
                        return event
                    }
                } catch is CancellationError {
                    return nil
                } catch let error as DeckClientError {
                    throw error
                } catch let error as DecodingError {
                    throw DeckClientError(status: 0, message: "an event the client cannot read: \(error)")
                } catch {
                    // The connection dropped: open another, after the server's hint.
                    connection = nil
                    failures += 1
                    if failures > events.maximumRetries { throw error }
                    guard await Self.pause(retry) else { return nil }
                }
            }
            return nil
        }

        static func connect(_ events: TableEvents, lastEventID: String?) async throws -> Connection {
            var middlewares: [any ClientMiddleware] = [RefusalMiddleware()]
            if let lastEventID { middlewares.append(HeaderMiddleware(field: HTTPField.Name("Last-Event-ID")!, value: lastEventID)) }
            let body: HTTPBody
            switch events.source {
            case .seat(let tableID, let token):
                middlewares.append(HeaderMiddleware.bearer(token))
                let api = Client(serverURL: events.client.serverURL, transport: events.client.transport, middlewares: middlewares)
                body = try await api.getApiTableTableIdFeltEvents(path: .init(tableId: tableID)).ok.body.textEventStream
            case .watch(let key):
                let api = Client(serverURL: events.client.serverURL, transport: events.client.transport, middlewares: middlewares)
                body = try await api.getApiWatchWatchKeyEvents(path: .init(watchKey: key)).ok.body.textEventStream
            }
            return body.asDecodedServerSentEvents().makeAsyncIterator()
        }

        /// Waits before a connection is opened again (at least 0.1 s, whatever the hint says);
        /// false when the task was cancelled meanwhile.
        static func pause(_ duration: Duration) async -> Bool {
            do {
                try await Task.sleep(for: Swift.max(duration, .milliseconds(100)))
                return true
            } catch {
                return false
            }
        }

        /// The event an item of the stream tells, with the view moved on; nil for items that tell
        /// nothing (the retry hint alone).
        mutating func read(_ item: ServerSentEvent) throws -> TableEvent? {
            if let hint = item.retry { retry = .milliseconds(hint) }
            if let id = item.id { lastEventID = id }
            guard let name = item.event, let data = item.data else { return nil }
            let json = Data(data.utf8)
            let decoder = JSONDecoder()
            switch name {
            case "view":
                let table = TableView(try decoder.decode(Tabletop.self, from: json))
                view = table
                return .view(table)
            case "change":
                let change = try decoder.decode(Components.Schemas.FeltEventChange.self, from: json)
                guard var table = view, change.version > table.version else { return nil }
                guard change.from == table.version else {
                    // Versions were skipped: a new connection starts with the whole table.
                    connection = nil
                    return nil
                }
                try table.apply(change)
                view = table
                return .change(table, changed: change.stacks.map(\.id), removed: change.removed)
            case "hold":
                let hold = try decoder.decode(Components.Schemas.FeltHold.self, from: json)
                if view?.stacks[hold.stack] != nil { view?.stacks[hold.stack]?.heldBy = hold.until == nil ? nil : hold.seat }
                return .hold(stack: hold.stack, seat: hold.seat,
                             until: hold.until.map { Date(timeIntervalSince1970: Double($0) / 1000) })
            case "drag":
                let drag = try decoder.decode(Components.Schemas.FeltDrag.self, from: json)
                return .drag(stack: drag.stack, seat: drag.seat, x: drag.x, y: drag.y, handle: drag.card)
            case "peek":
                let peek = try decoder.decode(Components.Schemas.FeltPeek.self, from: json)
                return .peek(stack: peek.stack, seat: peek.seat)
            default:
                return nil
            }
        }
    }
}
