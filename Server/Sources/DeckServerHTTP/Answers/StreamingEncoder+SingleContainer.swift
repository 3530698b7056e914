extension StreamingEncoder {
    /// The container of one JSON value.
    struct SingleContainer: SingleValueEncodingContainer, WidensNumbers {
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
}
