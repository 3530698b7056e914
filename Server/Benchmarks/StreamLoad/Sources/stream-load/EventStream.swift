import DeckTestSupport
import NIOCore

/// What one event stream saw: each event's version and arrival time, and how it ended.
///
/// Written only on its channel's event loop. Anyone else reads it only inside a task submitted
/// to that loop (``StreamSet``), which orders the reads after the writes; hence the unchecked
/// `Sendable`, which lets the channel's initializer hold it.
final class StreamRecord: @unchecked Sendable {
    /// The table's index in the run's list of tables.
    let table: Int
    /// The index of the server (`--stream-server`) the stream is open on.
    let server: Int
    /// Whether the client reads the stream; a silent one never reads past its head.
    let reading: Bool
    /// The versions of the events, in arrival order, and their arrival times (parallel arrays).
    var versions: [Int] = []
    var times: [UInt64] = []
    /// Succeeded at the first event (for a silent stream: at the head); failed with the
    /// server's answer when the stream is refused or closed before.
    let opened: EventLoopPromise<Void>
    private var isOpened = false
    /// When the server ended the stream or closed its connection, if it did.
    var endedAt: UInt64?
    /// Set when the client itself closes the stream: its end is then no drop.
    var closedByClient = false

    init(table: Int, server: Int, reading: Bool, loop: EventLoop) {
        self.table = table
        self.server = server
        self.reading = reading
        opened = loop.makePromise()
    }

    /// The newest version seen, or -1.
    var lastVersion: Int { versions.last ?? -1 }

    /// Whether the server ended the stream while the client still wanted it.
    var dropped: Bool { endedAt != nil && !closedByClient }

    func open() {
        guard !isOpened else { return }
        isOpened = true
        opened.succeed()
    }

    func refuse(_ message: String) {
        guard !isOpened else { return }
        isOpened = true
        opened.fail(ConnectionError(description: message))
    }
}

/// Sends one `GET /api/table/<id>/events` and reads the answer through DeckTestSupport's
/// ``EventStreamAnswerReader``: anything but 200 refuses the stream, with the server's answer;
/// each event's version is recorded with the time of the read in which its `id:` line ended. A
/// silent stream stops reading after the head: its channel is made with a small receive buffer
/// and auto-read turned off here.
final class EventStreamHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let record: StreamRecord
    private let request: ByteBuffer
    private var answer = EventStreamAnswerReader()

    init(record: StreamRecord, server: ServerURL, path: String) {
        self.record = record
        request = ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: \(server.hostHeader)\r\nAccept: text/event-stream\r\n\r\n")
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        let hadHead = answer.head != nil
        let now = Clock.now()
        let record = self.record
        bytes.withUnsafeReadableBytes { raw in
            answer.feed(raw) { id in
                guard record.reading else { return }
                record.versions.append(id)
                record.times.append(now)
            }
        }
        guard let head = answer.head else { return }
        if !hadHead {
            guard head.status == 200 else {
                record.refuse("stream refused: \(head.text)\(String(decoding: answer.refusal, as: UTF8.self))")
                context.close(promise: nil)
                return
            }
            if !record.reading {
                record.open()
                _ = context.channel.setOption(ChannelOptions.autoRead, value: false)
                return
            }
        }
        if !record.versions.isEmpty { record.open() }
        if answer.isFinished {
            ended(context: context)
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        ended(context: context)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    private func ended(context: ChannelHandlerContext) {
        if record.endedAt == nil { record.endedAt = Clock.now() }
        record.refuse("stream closed before its first event\(answer.head.map { ": \($0.text)" } ?? " (no answer)")")
    }
}
