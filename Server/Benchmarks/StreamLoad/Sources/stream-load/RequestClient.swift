import NIOCore

/// Requests from async code on one ``KeepAliveConnection`` (one at a time): for setting up
/// tables and decks, where speed matters less than in the load.
final class RequestClient: Sendable {
    let loop: EventLoop
    private let connection: NIOLoopBound<KeepAliveConnection>

    init(loop: EventLoop, server: ServerURL) async throws {
        self.loop = loop
        connection = try await loop.submit { NIOLoopBound(KeepAliveConnection(loop: loop, server: server), eventLoop: loop) }.get()
    }

    /// The answer to `method path`, whatever its status.
    func send(_ method: String, _ path: String, token: String? = nil) async throws -> Answer {
        let connection = self.connection
        return try await loop.flatSubmit {
            let promise = connection.value.loop.makePromise(of: Answer.self)
            connection.value.send(method, path, token: token) { promise.completeWith($0) }
            return promise.futureResult
        }.get()
    }

    /// The answer to `method path`, which must be 200.
    ///
    /// - Throws: ``ConnectionError`` with the server's answer otherwise.
    func ok(_ method: String, _ path: String, token: String? = nil) async throws -> Answer {
        let answer = try await send(method, path, token: token)
        guard answer.status == 200 else {
            throw ConnectionError(description: "\(method) \(path) answered \(answer.status): \(answer.text)")
        }
        return answer
    }

    func close() async throws {
        let connection = self.connection
        try await loop.submit { connection.value.close() }.get()
    }
}
