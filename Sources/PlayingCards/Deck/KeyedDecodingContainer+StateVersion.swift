extension KeyedDecodingContainer {
    /// Reads a saved state's version under `key` and throws, naming `state` and both versions,
    /// unless it is `supported`: what every saved state of this package (a deck, a Memorize game)
    /// checks before it reads the rest.
    package func checkStateVersion(forKey key: Key, of state: String, supported: Int) throws {
        let version = try decode(Int.self, forKey: key)
        guard version == supported else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\(state) state version \(version) is not supported; this library reads version \(supported)")
        }
    }
}
