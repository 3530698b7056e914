import DeckService

/// What a failed store call throws, and what the failure says about the database.
extension PostgresRecordStore {
    /// What a store call that failed with `error` throws: the ``ServiceError`` it carries, or
    /// one made of a database or connection error (noting the database unreachable, or
    /// logging a refused query).
    func failure(_ error: any Error) -> any Error {
        let error = PostgresFailure.cause(of: error)
        if let error = error as? ServiceError { return error }
        let failure = PostgresFailure.make(error)
        if failure.kind == .unavailable { pool.noteUnreachable() } else { pool.noteSuccess() }
        if failure.kind == .internalFailure {
            logger.error("the database refused a query", metadata: ["error": "\(String(reflecting: error))"])
        }
        return failure
    }
}
