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
        let sink = StreamingEncoder.Sink()
        let encoder = StreamingEncoder(sink: sink, codingPath: [])
        try value.encode(to: encoder)
        encoder.finish()
        return sink.writer.bytes
    }
}
