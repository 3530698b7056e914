/// Decodes a body sent with `Transfer-Encoding: chunked` as its bytes arrive, in any split:
/// hands on each run of payload bytes without copying them and says when the last chunk came.
///
/// Chunk extensions and trailers are skipped. Nothing is checked beyond what finding the
/// payload needs: the server is trusted to frame its chunks correctly.
package struct ChunkedDecoder {
    private enum State {
        /// Reading a chunk's size, in hexadecimal.
        case size
        /// After the size: skipping an extension up to the line's end.
        case sizeLine
        /// Inside a chunk's payload, `remaining` bytes to go.
        case payload
        /// After a payload: skipping its CRLF.
        case payloadEnd
        /// After the last (empty) chunk: trailers and the final CRLF, then nothing.
        case finished
    }

    private var state = State.size
    private var remaining = 0

    /// A decoder at the start of a body.
    package init() {}

    /// Whether the last chunk has arrived: the body is complete.
    package var isFinished: Bool { state == .finished }

    /// Consumes `bytes`, passing each run of payload bytes to `payload` in order.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, payload: (UnsafeRawBufferPointer) -> Void) {
        var index = 0
        let count = bytes.count
        while index < count {
            switch state {
            case .payload:
                let take = min(remaining, count - index)
                payload(UnsafeRawBufferPointer(rebasing: bytes[index..<index + take]))
                index += take
                remaining -= take
                if remaining == 0 { state = .payloadEnd }
            case .size:
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): remaining = remaining &* 16 &+ Int(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): remaining = remaining &* 16 &+ Int(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): remaining = remaining &* 16 &+ Int(byte - UInt8(ascii: "A") + 10)
                case UInt8(ascii: "\n"): endOfSizeLine()
                default: state = .sizeLine
                }
            case .sizeLine:
                if bytes[index] == UInt8(ascii: "\n") { endOfSizeLine() }
                index += 1
            case .payloadEnd:
                if bytes[index] == UInt8(ascii: "\n") { state = .size }
                index += 1
            case .finished:
                return
            }
        }
    }

    private mutating func endOfSizeLine() {
        state = remaining == 0 ? .finished : .payload
    }
}
