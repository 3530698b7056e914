/// Reads the answer to an event stream's request from its first byte, in any split: the head
/// (``ResponseHead``), then the body, chunked or not (``ChunkedDecoder``), handing on the `id` of
/// each event as soon as its line has ended (``EventStreamScanner``). No line is copied and no
/// `String` made, so one thread keeps up with thousands of streams (stream-load's); the tests'
/// crowds of raw streams read theirs with it too.
///
/// A 200 answer with a `Content-Length` is no stream (a stream's body is chunked, or runs to the
/// connection's end): its body is passed over and the next answer read, for a stream asked for
/// behind another request on the same connection.
package struct EventStreamAnswerReader {
    /// The answer's head, once it has all arrived.
    package private(set) var head: ResponseHead?
    /// For an answer other than 200 (whose body says why), every byte after its head as it came.
    package private(set) var refusal: [UInt8] = []
    private var headBytes: [UInt8] = []
    /// Bytes of an answer before the stream's still to pass over.
    private var passOver = 0
    private var chunks = ChunkedDecoder()
    private var scanner = EventStreamScanner(.id)

    /// A reader at the start of an answer.
    package init() {}

    /// Whether the body has ended (the last chunk of a chunked one came).
    package var isFinished: Bool { chunks.isFinished }

    /// Consumes `bytes`, the next read of the connection, passing each event's id to `id`.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, id: (Int) -> Void) {
        if let head { return readBody(bytes, of: head, id: id) }
        headBytes.append(contentsOf: bytes)
        while head == nil {
            if passOver > 0 {
                let passed = min(passOver, headBytes.count)
                headBytes.removeFirst(passed)
                passOver -= passed
                if passOver > 0 { return }
            }
            guard let length = headBytes.withUnsafeBytes({ ResponseHead.length(in: $0) }) else { return }
            let read = headBytes.withUnsafeBytes { ResponseHead(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
            headBytes.removeFirst(length)
            if read.status == 200, let bodyLength = read.contentLength {
                passOver = bodyLength
            } else {
                head = read
            }
        }
        let rest = headBytes
        headBytes = []
        if let head { rest.withUnsafeBytes { readBody($0, of: head, id: id) } }
    }

    private mutating func readBody(_ bytes: UnsafeRawBufferPointer, of head: ResponseHead, id: (Int) -> Void) {
        guard head.status == 200 else { return refusal.append(contentsOf: bytes) }
        // The scanner is taken out while the decoder hands it the payload.
        var scanner = self.scanner
        if head.chunked {
            chunks.feed(bytes) { payload in
                scanner.feed(payload) { line in line.number.map(id) }
            }
        } else {
            scanner.feed(bytes) { line in line.number.map(id) }
        }
        self.scanner = scanner
    }
}
