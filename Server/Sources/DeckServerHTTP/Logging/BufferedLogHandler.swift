public import Logging

/// A `LogHandler` that writes lines in the usual text form into a ``LogOutput``:
/// `2026-11-23T14:17:32+0000 info deck-server: method=GET path=/healthz [DeckServerHTTP] request`,
/// with the metadata sorted by key.
public struct BufferedLogHandler: LogHandler {
    private let label: String
    private let output: LogOutput
    /// The least important level this handler writes.
    public var logLevel: Logger.Level = .info
    /// Metadata written with every line of this handler.
    public var metadata: Logger.Metadata = [:]
    /// Adds metadata to every line, such as task-local values.
    public var metadataProvider: Logger.MetadataProvider?

    /// A handler for loggers labelled `label`, writing into `output`.
    public init(label: String, output: LogOutput) {
        self.label = label
        self.output = output
    }

    /// One value of ``metadata``.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Formats the line and hands it to the output: at once for warnings and worse, otherwise
    /// with the next batch.
    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        var line: [UInt8] = []
        line.reserveCapacity(160)
        line.append(contentsOf: event.level.rawValue.utf8)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: label.utf8)
        line.append(UInt8(ascii: ":"))
        for key in all.keys.sorted() {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: key.utf8)
            line.append(UInt8(ascii: "="))
            line.append(contentsOf: all[key]!.description.utf8)
        }
        line.append(contentsOf: " [".utf8)
        line.append(contentsOf: event.source.utf8)
        line.append(contentsOf: "] ".utf8)
        line.append(contentsOf: event.message.description.utf8)
        output.append(line, urgent: event.level >= .warning)
    }
}
