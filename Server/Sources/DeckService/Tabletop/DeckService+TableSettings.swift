import Foundation

/// The creator's settings as service operations: the watch link, the felt's colour and its
/// background image. Each is a change of the table that its streams hear of; the rules (who may,
/// what is allowed) are the model's (`Tabletop+Settings.swift`).
extension DeckService {
    /// The most bytes of a background image as stored (after it was re-encoded).
    package static let backgroundBytes = 6 * 1024 * 1024

    /// Makes a new watch link for the table, shutting out whoever watched by the old one; for
    /// the creator's token only. Answers its key.
    ///
    /// - Throws: ``ServiceError`` for an unknown table, a token of no seat, or (`forbidden`) a
    ///   seat that did not make the table.
    package func makeWatchLink(at id: String, token: String) async throws -> String {
        let table = try await loadTable(id)
        try table.checkCreator(try Self.seat(of: token, at: table, id: id), to: "make a watch link")
        let key = RecordID.make()
        try await store.insert(.watchLink, id: key, state: Array(id.utf8), at: now())
        let (version, record) = try await changeTabletop(id, token: token) { table, seat, _ throws(ServiceError) in
            try table.setWatchKey(key, by: seat)
            return table.version
        }
        await events.announce(table: id, version: version, record: record)
        return key
    }

    /// Turns watching off: the watch link answers no more, and its streams end.
    ///
    /// - Throws: as ``makeWatchLink(at:token:)``.
    package func turnOffWatching(at id: String, token: String) async throws {
        let (version, record) = try await changeTabletop(id, token: token) { table, seat, _ throws(ServiceError) in
            try table.setWatchKey(nil, by: seat)
            return table.version
        }
        await events.announce(table: id, version: version, record: record)
    }

    /// The table that the watch link `key` shows, while that is still its link.
    ///
    /// - Throws: ``ServiceError`` (`notFound`, naming the link) for a key that is not a table's
    ///   watch link now: never was, was made again, or watching was turned off.
    package func watchedTable(_ key: String) async throws -> (id: String, table: Tabletop) {
        let gone = ServiceError(
            .notFound, .watchLink, value: key, "shows no table: it may have been made anew or turned off",
            allowed: "ask the table's creator for its current watch link")
        guard RecordID.isWellFormed(key), let bytes = try await store.read(.watchLink, id: key) else { throw gone }
        let id = String(decoding: bytes, as: UTF8.self)
        let table: Tabletop
        do {
            table = try await loadTable(id)
        } catch let error as ServiceError where error.kind == .notFound {
            throw gone
        }
        guard table.settings.watchKey == key else { throw gone }
        return (id, table)
    }

    /// The table as a watcher of the link `key` sees it.
    ///
    /// - Throws: as ``watchedTable(_:)``.
    package func watch(_ key: String) async throws -> TabletopView {
        let (id, table) = try await watchedTable(key)
        return TabletopView(id: id, table: table, viewer: nil, holdsAt: now())
    }

    /// Sets the felt's colour (`#rrggbb`), or the page's own with `nil`; for the creator only.
    ///
    /// - Throws: ``ServiceError`` for a colour of another form, and as
    ///   ``makeWatchLink(at:token:)``.
    package func setFeltColour(at id: String, token: String, colour: String?) async throws -> TabletopView {
        let now = now()
        let (view, record) = try await changeTabletop(id, token: token) { table, seat, _ throws(ServiceError) in
            try table.setFeltColour(colour, by: seat)
            return TabletopView(id: id, table: table, viewer: seat, holdsAt: now)
        }
        await events.announce(table: id, version: view.version, record: record)
        return view
    }

    /// Sets the background image: `image`, already decoded and re-encoded without metadata by
    /// the caller, of `mediaType`; or with `nil`, none. For the creator only.
    ///
    /// The image is stored by its content (an ``RecordKind/image`` record under its SHA-256,
    /// once however many tables show it). The table's background record names it first, under a
    /// number past every number the record or the table has held, then the bytes are stored (or
    /// stored again, which keeps the sweep from deleting them), then the table names the new
    /// number. So no path ever shows another image than it first did (the path of the number
    /// before answers 404 meanwhile, or for good when the table change is refused because another
    /// upload overtook this one), and the sweep never deletes an image a table shows. A removed
    /// image is deleted by the sweep once no table names it.
    ///
    /// - Throws: ``ServiceError`` (`tooLarge`) for an image over ``backgroundBytes``, and as
    ///   ``makeWatchLink(at:token:)``.
    package func setBackground(at id: String, token: String, image: (bytes: [UInt8], mediaType: String)?) async throws -> TabletopView {
        let table = try await loadTable(id)
        try table.checkCreator(try Self.seat(of: token, at: table, id: id), to: "set the background")
        var background: Tabletop.Background?
        if let image {
            guard image.bytes.count <= Self.backgroundBytes else {
                throw ServiceError(.tooLarge, .background, "is \(image.bytes.count) bytes once re-encoded", allowed: "send a smaller image")
            }
            let digest = StoredImage.digest(of: image.bytes)
            let number = try await nameBackground(of: id, digest: digest, after: table.settings.lastBackgroundNumber)
            try await storeImage(image, digest: digest)
            background = Tabletop.Background(number: number, mediaType: image.mediaType)
        } else if table.settings.background != nil {
            // The table's reference goes, and with it (at the next sweep, unless another table
            // shows it) the image itself; the number stays, so that none is given twice. A
            // record past the table's last number is an upload's under way: it is left to it.
            let last = table.settings.lastBackgroundNumber
            _ = try await store.update(.tableBackground, id: id, at: now()) { state in
                let number = StoredImage.Reference.number(in: state)
                return (number > last ? state : StoredImage.Reference.removedRecord(number: number), ())
            }
        }
        let now = now()
        let (view, record) = try await changeTabletop(id, token: token) { [background] table, seat, _ throws(ServiceError) in
            try table.setBackground(background, by: seat)
            return TabletopView(id: id, table: table, viewer: seat, holdsAt: now)
        }
        await events.announce(table: id, version: view.version, record: record)
        return view
    }

    /// Makes the table's background record (``RecordKind/tableBackground``) name the image
    /// `digest` under the next number: past `last` (the table's) and past the record's own, so
    /// that two uploads at once never give one number two images. Answers the number.
    private func nameBackground(of id: String, digest: String, after last: Int) async throws -> Int {
        try await changeOrInsert(.tableBackground, id: id) { state in
            let number = max(last, StoredImage.Reference.number(in: state)) + 1
            return (StoredImage.Reference.record(digest: digest, number: number), number)
        }
    }

    /// Stores `image` under `digest`: anew, or again when some table stored it already, which
    /// marks it as just stored so that a deletion of unshown images under way spares it.
    private func storeImage(_ image: (bytes: [UInt8], mediaType: String), digest: String) async throws {
        let record = try StoredImage.record(digest: digest, mediaType: image.mediaType, bytes: image.bytes)
        try await changeOrInsert(.image, id: digest) { _ in (record, ()) }
    }

    /// Changes the record with `change`, or when there is none inserts what `change` makes of
    /// an empty state; answers `change`'s result. An insert that finds the record made meanwhile
    /// (by an upload at the same time) changes it instead.
    @discardableResult
    private func changeOrInsert<Result: Sendable>(
        _ kind: RecordKind, id: String, _ change: @escaping @Sendable ([UInt8]) -> (state: [UInt8], result: Result)
    ) async throws -> Result {
        if let result = try await store.update(kind, id: id, at: now(), change) { return result }
        let (state, result) = change([])
        do {
            try await store.insert(kind, id: id, state: state, at: now())
            return result
        } catch {
            guard let result = try await store.update(kind, id: id, at: now(), change) else { throw error }
            return result
        }
    }

    /// The background image numbered `number` of the table `id`: its bytes and media type.
    ///
    /// - Throws: ``ServiceError`` (`notFound`) when the table has no background, or a newer one.
    package func background(of id: String, number: Int) async throws -> (bytes: [UInt8], mediaType: String) {
        let table = try await loadTable(id)
        return try await background(of: id, table: table, number: number)
    }

    /// The background image numbered `number` of the table the watch link `key` shows, and
    /// that table's id.
    package func background(watching key: String, number: Int) async throws -> (table: String, bytes: [UInt8], mediaType: String) {
        let (id, table) = try await watchedTable(key)
        let (bytes, mediaType) = try await background(of: id, table: table, number: number)
        return (id, bytes, mediaType)
    }

    private func background(of id: String, table: Tabletop, number: Int) async throws -> (bytes: [UInt8], mediaType: String) {
        let missing = ServiceError(
            .notFound, .background, value: String(number), "is not the table's background now",
            allowed: "take the background's path from the table's current view")
        guard table.settings.background?.number == number, let state = try await store.read(.tableBackground, id: id) else { throw missing }
        guard let reference = try StoredImage.Reference(state) else { throw missing }
        // An upload whose table change has not happened (yet, or ever) holds the next number.
        guard reference.number == number else { throw missing }
        switch reference {
        case .removed:
            throw missing
        case .stored(let digest, _):
            guard let record = try await store.read(.image, id: digest) else {
                throw ServiceError(.internalFailure, .store, "has no image \(digest) for the background of table \(id)")
            }
            return try StoredImage.image(in: record)
        case .inline(_, let mediaType, let bytes):
            return (bytes, mediaType)
        }
    }
}
