extension StreamingEncoder {
    /// The integer and floating-point widths the encoding protocols require, each written as the
    /// widest of its kind: what the unkeyed and the single-value container share.
    protocol WidensNumbers {
        mutating func encode(_ value: Int) throws
        mutating func encode(_ value: UInt64) throws
        mutating func encode(_ value: Double) throws
    }
}

extension StreamingEncoder.WidensNumbers {
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
