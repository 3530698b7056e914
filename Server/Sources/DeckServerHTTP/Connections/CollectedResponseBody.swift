import HTTPTypes
import Hummingbird
import NIOCore

/// A response body's bytes, collected: for the answer to a connection's first request when it
/// is written by the connection rather than by Hummingbird (a refused event stream, whose
/// answer is a short error).
enum CollectedResponseBody {
    /// The bytes `body` writes.
    static func bytes(of body: consuming ResponseBody) async -> ByteBuffer {
        let collected = Collected()
        try? await body.write(Writer(collected: collected))
        return collected.buffer
    }

    private final class Collected {
        var buffer = ByteBuffer()
    }

    private struct Writer: ResponseBodyWriter {
        let collected: Collected

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collected.buffer.writeBuffer(&buffer)
        }

        mutating func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
            for buffer in buffers { try await write(buffer) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
