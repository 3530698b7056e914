/// One value's encoder. A container it opens is closed by ``finish()``, which its parent calls
/// once the value's `encode(to:)` returns (and before the parent writes anything else, for
/// nested containers).
final class StreamingEncoder: Encoder {
    /// The bytes every encoder of one answer writes into.
    final class Sink {
        var writer = JSONWriter()
    }

    enum Opened { case nothing, object, array, single }

    let sink: Sink
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private(set) var opened = Opened.nothing
    /// A nested container's encoder that is still open.
    private var pending: StreamingEncoder?

    init(sink: Sink, codingPath: [any CodingKey]) {
        self.sink = sink
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if opened == .nothing {
            sink.writer.beginObject()
            opened = .object
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if opened == .nothing {
            sink.writer.beginArray()
            opened = .array
        }
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if opened == .nothing { opened = .single }
        return SingleContainer(encoder: self)
    }

    /// Closes whatever this encoder opened; a value that wrote nothing is `{}`.
    func finish() {
        closePending()
        switch opened {
        case .object: sink.writer.endObject()
        case .array: sink.writer.endArray()
        case .single: break
        case .nothing:
            sink.writer.beginObject()
            sink.writer.endObject()
        }
    }

    /// Finishes an open nested container before this encoder writes again.
    func closePending() {
        pending?.finish()
        pending = nil
    }

    /// Encodes `value` as the next token, through a child encoder.
    func encodeChild(_ value: some Encodable, key: (any CodingKey)?) throws {
        closePending()
        let child = StreamingEncoder(sink: sink, codingPath: key.map { codingPath + [$0] } ?? codingPath)
        try value.encode(to: child)
        child.finish()
    }

    /// A child encoder that stays open until this encoder writes again or finishes.
    func openChild(key: (any CodingKey)?) -> StreamingEncoder {
        closePending()
        let child = StreamingEncoder(sink: sink, codingPath: key.map { codingPath + [$0] } ?? codingPath)
        pending = child
        return child
    }

    func write(_ body: (inout JSONWriter) -> Void) {
        closePending()
        body(&sink.writer)
    }
}
