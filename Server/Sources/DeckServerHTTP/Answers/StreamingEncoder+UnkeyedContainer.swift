extension StreamingEncoder {
    /// The container of a JSON array's elements.
    struct UnkeyedContainer: UnkeyedEncodingContainer, WidensNumbers {
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
}
