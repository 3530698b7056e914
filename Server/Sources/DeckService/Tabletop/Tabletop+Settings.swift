import Foundation

/// What the table's creator sets: the watch link, the felt's colour and its background image.
/// Each is a change (the version rises by one, so every stream hears of it) that no seat
/// undoes, and only the seat that made the table may make it.
extension Tabletop {
    /// The creator's settings of a table.
    package struct Settings: Sendable, Hashable {
        /// SHA-256 of the token of the seat that made the table; `nil` for a table of the
        /// release before that nobody has claimed (its seat 1 is taken as the creator).
        package var creatorTokenHash: String?
        /// The key of the table's watch link; `nil` while watching is off.
        package var watchKey: String?
        /// The felt's colour, `#rrggbb`; `nil` for the page's own.
        package var feltColour: String?
        /// The background image, if there is one.
        package var background: Background?
        /// The number of the last background uploaded (0 for none yet): numbers are never used
        /// twice, even after a removal.
        package var lastBackgroundNumber = 0

        /// No creator known, watching off, the page's felt.
        package static let none = Settings()
    }

    /// A background image of the felt: its bytes are a record of their own, and its number
    /// rises with every upload (never used twice), so that its path changes and no cache shows
    /// an old one.
    package struct Background: Sendable, Hashable {
        /// Up by one with every upload to the table.
        package var number: Int
        /// `image/png` or `image/jpeg`.
        package var mediaType: String
    }

    /// Whether `seat` is the seat that made the table.
    package func isCreator(_ seat: Int) -> Bool {
        guard seats.indices.contains(seat - 1), let hash = seats[seat - 1].tokenHash else { return false }
        return settings.creatorTokenHash.map { $0 == hash } ?? (seat == 1)
    }

    /// Refuses a seat other than the creator's.
    func checkCreator(_ seat: Int, to what: String) throws(ServiceError) {
        guard isCreator(seat) else {
            throw ServiceError(
                .forbidden, .seat, value: String(seat), "did not make this table: only the seat that made it may \(what)",
                allowed: "ask the player who made the table")
        }
    }

    /// Sets the watch link's key (a new one shuts out whoever watched by the old), or turns
    /// watching off with `nil`.
    package mutating func setWatchKey(_ key: String?, by seat: Int) throws(ServiceError) {
        try checkCreator(seat, to: key == nil ? "turn watching off" : "make a watch link")
        settings.watchKey = key
        version += 1
    }

    /// Sets the felt's colour (`#rrggbb`), or the page's own with `nil`.
    package mutating func setFeltColour(_ colour: String?, by seat: Int) throws(ServiceError) {
        try checkCreator(seat, to: "set the felt's colour")
        if let colour {
            // Seven bytes: `#` and six ASCII hex digits (a wide digit takes more).
            guard colour.utf8.count == 7, colour.hasPrefix("#"), colour.dropFirst().allSatisfy(\.isHexDigit) else {
                throw ServiceError.badRequest(.colour, value: colour, "is not a colour", allowed: "give # and six hex digits, such as #1e6b3a")
            }
        }
        settings.feltColour = colour?.lowercased()
        version += 1
    }

    /// Records the background image numbered `number` of `mediaType` (its bytes stored apart
    /// under that number), or none with `nil`.
    package mutating func setBackground(_ background: Background?, by seat: Int) throws(ServiceError) {
        try checkCreator(seat, to: background == nil ? "remove the background" : "set the background")
        if let background {
            guard background.number > settings.lastBackgroundNumber else {
                throw ServiceError(
                    .conflict, .background, value: String(background.number), "was overtaken by another upload",
                    allowed: "upload it again")
            }
            settings.lastBackgroundNumber = background.number
        }
        settings.background = background
        version += 1
    }
}
