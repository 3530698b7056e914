/// Encodes an answer model straight into JSON bytes, in the order its `encode(to:)` writes
/// members, so the wire names live only in the model's `CodingKeys`.
///
/// Foundation's `JSONEncoder` builds a tree of the whole value before writing it and took a
/// tenth of a draw's time; this one writes each token as it comes (`make bench-server` runs
/// the draw mix with both, see `Server/Benchmarks/AnswerEncoding`). Members whose value is
/// `nil` are left out, as `encodeIfPresent` asks; an explicit `encodeNil` writes `null`.
package struct AnswerEncoder {
    /// An encoder; it keeps no state between answers.
    package init() {}

    /// The JSON text of `value`.
    package func encode(_ value: some Encodable) throws -> [UInt8] {
        let sink = Sink()
        let encoder = StreamingEncoder(sink: sink, codingPath: [])
        try value.encode(to: encoder)
        encoder.finish()
        return sink.writer.bytes
    }
}

/// The bytes every encoder of one answer writes into.
private final class Sink {
    var writer = JSONWriter()
}

/// One value's encoder. A container it opens is closed by ``finish()``, which its parent calls
/// once the value's `encode(to:)` returns (and before the parent writes anything else, for
/// nested containers).
private final class StreamingEncoder: Encoder {
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

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamingEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func key(_ key: Key) {
        encoder.write { $0.key(key.stringValue) }
    }

    /// Writes `key`, then the value `token` writes.
    private func put(_ key: Key, _ token: (inout JSONWriter) -> Void) {
        encoder.write { $0.key(key.stringValue); token(&$0) }
    }

    mutating func encodeNil(forKey key: Key) throws { put(key) { $0.null() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(key) { $0.value(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { put(key) { $0.value(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(key) { $0.value(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(key) { $0.value(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(key) { $0.value(value) } }

    // The other integer and floating-point widths, as the protocol requires.
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(UInt64(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(UInt64(value), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(UInt64(value), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(UInt64(value), forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(Double(value), forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try encoder.encodeChild(value, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        return encoder.openChild(key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return encoder.openChild(key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.write { $0.key("super") }
        return encoder.openChild(key: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return encoder.openChild(key: key)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer, WidensNumbers {
    let encoder: StreamingEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private(set) var count = 0

    init(encoder: StreamingEncoder) {
        self.encoder = encoder
    }

    /// Writes the next element, which `token` writes.
    private mutating func put(_ token: (inout JSONWriter) -> Void) {
        count += 1
        encoder.write(token)
    }

    mutating func encodeNil() throws { put { $0.null() } }
    mutating func encode(_ value: Bool) throws { put { $0.value(value) } }
    mutating func encode(_ value: String) throws { put { $0.value(value) } }
    mutating func encode(_ value: Double) throws { put { $0.value(value) } }
    mutating func encode(_ value: Int) throws { put { $0.value(value) } }
    mutating func encode(_ value: UInt64) throws { put { $0.value(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        try encoder.encodeChild(value, key: nil)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        return encoder.openChild(key: nil).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return encoder.openChild(key: nil).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return encoder.openChild(key: nil)
    }
}

private struct SingleContainer: SingleValueEncodingContainer, WidensNumbers {
    let encoder: StreamingEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.write { $0.null() } }
    mutating func encode(_ value: Bool) throws { encoder.write { $0.value(value) } }
    mutating func encode(_ value: String) throws { encoder.write { $0.value(value) } }
    mutating func encode(_ value: Double) throws { encoder.write { $0.value(value) } }
    mutating func encode(_ value: Int) throws { encoder.write { $0.value(value) } }
    mutating func encode(_ value: UInt64) throws { encoder.write { $0.value(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeChild(value, key: nil) }
}

/// The integer and floating-point widths the encoding protocols require, each written as the
/// widest of its kind: what the unkeyed and the single-value container share.
private protocol WidensNumbers {
    mutating func encode(_ value: Int) throws
    mutating func encode(_ value: UInt64) throws
    mutating func encode(_ value: Double) throws
}

extension WidensNumbers {
    mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int64) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt) throws { try encode(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try encode(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try encode(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try encode(UInt64(value)) }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
}
