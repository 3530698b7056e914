/// Why the service refused a request. A refused request changes nothing.
///
/// An error is structured so that the layer in front of the service can word it in its own
/// terms: ``subject`` says what was wrong (a field of the request, or the record it named),
/// ``value`` the bad value as given, ``problem`` what is wrong with it and ``allowed`` what
/// would be accepted. The ``kind`` says which class of failure it is (the HTTP layer maps it to
/// a status). ``description`` words the error with the service's own names for its subjects.
public struct ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of failure.
    public enum Kind: Sendable, Hashable {
        /// The request has a bad value (HTTP 400).
        case badRequest
        /// The deck, game or pile does not exist (HTTP 404).
        case notFound
        /// The request lacks the credentials it needs: a table seat's token (HTTP 401).
        case unauthorized
        /// The seat may not do this: only the table's creator may (HTTP 403).
        case forbidden
        /// The request is valid but the resource's state forbids it (HTTP 409).
        case conflict
        /// The deck or pile lacks cards the request asks for: more than remain, or named cards
        /// it does not hold (HTTP 400).
        case cardsMissing
        /// The request is larger than the server accepts (HTTP 413).
        case tooLarge
        /// The client already holds as many of something as one client may at once, such as
        /// event streams (HTTP 429).
        case tooMany
        /// The storage cannot be reached (HTTP 503).
        case unavailable
        /// The stored state could not be read: a fault of the server, not of the request (HTTP 500).
        case internalFailure
    }

    /// What a refused request was about.
    public enum Subject: Sendable, Hashable {
        /// How many decks make the shoe.
        case deckCount
        /// A list of cards given with the request.
        case cards
        /// How many cards to draw.
        case count
        /// A pile's name, as given.
        case pileName
        /// A shuffle seed.
        case seed
        /// The player's seed of a provably fair deck.
        case clientSeed
        /// A theme of Memorize.
        case theme
        /// The number of pairs of a game of Memorize.
        case pairs
        /// The position of a card in a game of Memorize.
        case cardIndex
        /// A deck, by its id.
        case deck
        /// A pile of a deck, by its name.
        case pile
        /// A game of Memorize, by its id.
        case game
        /// A card table, by its id.
        case table
        /// A player's name at a card table.
        case playerName
        /// The number of seats at a card table.
        case seats
        /// A table seat's token.
        case token
        /// The event streams of card tables, which a server holds a bounded number of.
        case eventStreams
        /// A stack on a table's felt, by its id.
        case stack
        /// A card of a stack, by its handle.
        case handle
        /// A place on the felt (x and y, in table units).
        case position
        /// A stack's layout or its spread's step.
        case layout
        /// A stack's rotation.
        case rotation
        /// A stack's label.
        case label
        /// A seat at a card table, by its number.
        case seat
        /// The version of a table or stack that a request expects.
        case version
        /// A seat's undo of its own last action.
        case undo
        /// The request as a whole (its size or form), not one of its values.
        case request
        /// The store that keeps decks and games.
        case store
        /// The felt's colour.
        case colour
        /// A table's watch link.
        case watchLink
        /// A table's background image.
        case background
    }

    /// The class of failure.
    public let kind: Kind
    /// What was wrong.
    public let subject: Subject
    /// The bad value as given (a number, a name, an id, card codes), when there is one.
    public let value: String?
    /// What is wrong with it, as a phrase that follows the subject and value, such as
    /// `is more than the 50 cards in the deck`.
    public let problem: String
    /// What would be accepted, or what to do instead, such as `give 1 to 20`.
    public let allowed: String?

    /// An error about `subject`.
    public init(_ kind: Kind, _ subject: Subject, value: String? = nil, _ problem: String, allowed: String? = nil) {
        self.kind = kind
        self.subject = subject
        self.value = value
        self.problem = problem
        self.allowed = allowed
    }

    /// A 400 error about `subject`.
    public static func badRequest(
        _ subject: Subject, value: String? = nil, _ problem: String, allowed: String? = nil
    ) -> ServiceError {
        ServiceError(.badRequest, subject, value: value, problem, allowed: allowed)
    }

    /// The error worded with `name` for its subject: `name 'value' problem: allowed`.
    public func worded(naming name: String) -> String {
        Self.worded(name, value: value, problem, allowed: allowed, quoting: !subject.isNumber)
    }

    /// `name 'value' problem: allowed`, the form of every refusal's message; a whole number is
    /// not quoted, and a long value is cut short.
    ///
    /// Pass `quoting: true` for a subject that is text even when it is all digits (a seed).
    public static func worded(
        _ name: String, value: String?, _ problem: String, allowed: String?, quoting: Bool = false
    ) -> String {
        var text = name
        if let value { text += " " + (!quoting && Int(value) != nil ? value : quoted(value)) }
        text += " " + problem
        if let allowed { text += ": " + allowed }
        return text
    }

    /// The error worded with the service's own name for its subject.
    public var description: String { worded(naming: subject.name) }

    /// A value quoted for a message, cut short when long.
    public static func quoted(_ value: String) -> String {
        let limit = 80
        return "'" + (value.count > limit ? value.prefix(limit) + "…" : Substring(value)) + "'"
    }
}

extension ServiceError.Subject {
    /// Whether the subject is a number, whose value a message shows unquoted.
    public var isNumber: Bool {
        switch self {
        case .deckCount, .count, .pairs, .cardIndex, .seats, .eventStreams, .rotation, .seat, .version: true
        default: false
        }
    }

    /// The subject's name in plain words.
    public var name: String {
        switch self {
        case .deckCount: "the deck count"
        case .cards: "the cards"
        case .count: "the count"
        case .pileName: "the pile name"
        case .seed: "the seed"
        case .clientSeed: "the client seed"
        case .theme: "the theme"
        case .pairs: "the number of pairs"
        case .cardIndex: "the card index"
        case .deck: "deck"
        case .pile: "pile"
        case .game: "game"
        case .table: "table"
        case .playerName: "the name"
        case .seats: "the number of seats"
        case .token: "the seat token"
        case .eventStreams: "the event streams"
        case .stack: "stack"
        case .handle: "the card handle"
        case .position: "the position"
        case .layout: "the layout"
        case .rotation: "the rotation"
        case .label: "the label"
        case .seat: "seat"
        case .version: "the expected version"
        case .undo: "the undo"
        case .request: "the request"
        case .store: "the store"
        case .colour: "the colour"
        case .watchLink: "watch link"
        case .background: "the background image"
        }
    }
}
