extension StreamingEncoder {
    /// The container of a JSON object's members.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
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
}
