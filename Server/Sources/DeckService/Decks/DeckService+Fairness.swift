extension DeckService {
    /// Reveals a provably fair deck's server seed, so that anyone can check the shuffle, and
    /// closes the deck to further changes. Revealing again answers the same.
    ///
    /// - Throws: ``ServiceError`` for an unknown deck, or one that is not provably fair.
    public func reveal(_ id: String) async throws -> DeckView {
        guard RecordID.isWellFormed(id) else { throw Self.noSuchDeck(id) }
        let view = try await store.update(.deck, id: id, at: now()) { bytes in
            var stored = try StoredDeck(decoding: bytes, id: id)
            guard stored.fairness != nil else {
                throw ServiceError(
                    .conflict, .deck, value: id, "is not provably fair, so it has no server seed to reveal",
                    allowed: "make a provably fair deck to reveal one")
            }
            stored.fairness!.revealed = true
            return (try stored.encoded(id: id), DeckView(id: id, stored: stored))
        }
        guard let view else { throw Self.noSuchDeck(id) }
        return view
    }
}
