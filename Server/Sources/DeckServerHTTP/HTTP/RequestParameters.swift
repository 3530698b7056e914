import DeckService
import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import PlayingCards

/// The parameters of an API request: the query string and, for a POST, a URL-encoded form body,
/// read the same way (`+` is a space, `%XX` a byte), or a JSON object whose members are
/// strings, numbers, booleans or lists of strings (a list reads as its items joined by commas).
/// A value in the body wins over the query.
struct RequestParameters: Sendable {
    private var values: [String: String] = [:]

    /// No parameters.
    init() {}

    /// The longest form body the API reads.
    static let maximumBodyBytes = 64 * 1024

    /// The parameters of a query string alone.
    init(query: String?) throws {
        if let query { try add(encoded: Substring(query)) }
    }

    /// Reads the query and, when there is one, the form body.
    ///
    /// - Throws: ``RequestError`` for a body that is too large or not a URL-encoded form.
    static func read(from request: Request) async throws -> RequestParameters {
        var parameters = RequestParameters()
        if let query = request.uri.query { try parameters.add(encoded: Substring(query)) }
        guard request.method == .post else { return parameters }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBodyBytes)
        } catch is NIOTooManyBytesError {
            throw RequestError(.contentTooLarge, "the request body is larger than \(maximumBodyBytes / 1024) KiB: send fewer or shorter parameters")
        } catch let error as HTTPParserError {
            // A chunk size that is not hex, a chunk longer than it said: the connection cannot
            // be read any further, so the answer closes it.
            throw RequestError(.badRequest, "the request body is malformed (\(error)): send a Content-Length body or well-formed chunks",
                               closesConnection: true)
        }
        guard body.readableBytes > 0 else { return parameters }
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            try parameters.add(json: Data(buffer: body))
            return parameters
        }
        guard type.isEmpty || type.hasPrefix("application/x-www-form-urlencoded") else {
            throw RequestError(
                "the body's type '\(type)' is not read: send parameters in the query string, as application/x-www-form-urlencoded or as application/json")
        }
        try parameters.add(encoded: Substring(String(buffer: body)))
        return parameters
    }

    /// The members of a JSON object, each as the text a form would give.
    ///
    /// - Throws: ``RequestError`` naming what is wrong: not an object, or a member that is an
    ///   object, a list of other than strings, or null.
    private mutating func add(json: Data) throws(RequestError) {
        let object: [String: FormValue]
        do {
            object = try JSONDecoder().decode([String: FormValue].self, from: json)
        } catch let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty {
            throw RequestError(
                "the JSON member \(ServiceError.quoted(context.codingPath[0].stringValue)) is not read: give a string, a number, a boolean or a list of strings")
        } catch let DecodingError.valueNotFound(_, context) where !context.codingPath.isEmpty {
            throw RequestError(
                "the JSON member \(ServiceError.quoted(context.codingPath[0].stringValue)) is null: give a string, a number, a boolean or a list of strings, or leave the member out")
        } catch {
            throw RequestError("the JSON body is not one object of parameters: send {\"name\": value, …}")
        }
        for (name, value) in object { values[name] = value.text }
    }

    /// A JSON member's value as the text a form would give for it.
    private struct FormValue: Decodable {
        let text: String

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let flag = try? value.decode(Bool.self) {
                text = flag ? "true" : "false"
            } else if let whole = try? value.decode(Int.self) {
                text = String(whole)
            } else if let number = try? value.decode(Double.self) {
                text = String(number)
            } else if let string = try? value.decode(String.self) {
                text = string
            } else {
                text = try value.decode([String].self).joined(separator: ",")
            }
        }
    }

    mutating func add(encoded text: Substring) throws(RequestError) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0], in: pair)
            guard !name.isEmpty else { continue }
            values[name] = parts.count > 1 ? try Self.decode(parts[1], in: pair) : ""
        }
    }

    /// `+` as a space and `%XX` as a byte.
    ///
    /// - Throws: ``RequestError`` naming `pair` when a `%` is not followed by two hex digits, or
    ///   the bytes are not UTF-8 text: such a value is refused rather than guessed at.
    private static func decode(_ text: Substring, in pair: Substring) throws(RequestError) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index != utf8.endIndex, let high = hexValue(utf8[index]),
                      case let next = utf8.index(after: index), next != utf8.endIndex, let low = hexValue(utf8[next])
                else {
                    throw RequestError("\(shown(String(pair))) has a % that is not followed by two hex digits: write a % sign as %25")
                }
                bytes.append(high << 4 | low)
                index = utf8.index(after: next)
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw RequestError("\(shown(String(pair))) is not UTF-8 text once its %XX escapes are decoded")
        }
        return decoded
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The raw value of a parameter.
    subscript(name: String) -> String? { values[name] }

    /// A whole number, or `defaultValue` when the parameter is absent.
    ///
    /// - Throws: ``RequestError`` naming the value when it is empty, not a whole number, or too large.
    func integer(_ name: String, default defaultValue: Int? = nil) throws(RequestError) -> Int? {
        guard let text = values[name] else { return defaultValue }
        if let value = Int(text) { return value }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Int(trimmed) { return value }
        if trimmed.isEmpty { throw .parameter(name, "is empty", allowed: "give a whole number, such as \(name)=2") }
        let digits = trimmed.drop { $0 == "-" || $0 == "+" }
        if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
            throw .parameter(name, value: trimmed, "is far too large", allowed: "give a whole number below a billion")
        }
        throw .parameter(name, value: trimmed, "is not a whole number", allowed: "give one such as \(name)=2")
    }

    /// A number, such as a place on the felt (`x=412.5`), or `nil` when the parameter is absent.
    /// `nan` and `inf` read as numbers: the service refuses them where they are not allowed,
    /// naming the part.
    ///
    /// - Throws: ``RequestError`` naming the value when it is not a number.
    func number(_ name: String) throws(RequestError) -> Double? {
        guard let text = values[name] else { return nil }
        // `Double` reads C's way and stops at a NUL: `7%00junk` would be 7.
        guard !text.utf8.contains(0), let value = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw .parameter(name, value: text, "is not a number", allowed: "give one such as \(name)=120.5")
        }
        return value
    }

    /// `true` for `true`, `1` or `yes`; `false` for `false`, `0`, `no` or absent.
    ///
    /// - Throws: ``RequestError`` naming any other value.
    func flag(_ name: String) throws(RequestError) -> Bool {
        guard let text = values[name] else { return false }
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw .parameter(name, value: text, "is not allowed", allowed: "give true or false")
        }
    }

    /// A comma-separated card list, or `nil` when absent; with `allowingEmpty`, an empty value
    /// is an empty list.
    ///
    /// - Throws: ``ServiceError`` naming every code that is not a card, and where it stands.
    func cards(allowingEmpty: Bool = false) throws(ServiceError) -> [PlayingCard]? {
        guard let text = values["cards"] else { return nil }
        if allowingEmpty, text.trimmingCharacters(in: .whitespaces).isEmpty { return [] }
        return try PlayingCard.apiList(text)
    }

    /// The `cards` parameter read for a deck route, or `nil` when absent. Strictly, as
    /// ``cards(allowingEmpty:)``; leniently, as deckofcardsapi reads it: an empty value is an
    /// empty list, and items that name no card are left out and listed in `ignored` (the first
    /// ``ignoredListed``, each cut short as error messages cut values).
    ///
    /// - Throws: ``ServiceError`` (strictly only) naming every code that is not a card.
    func cards(_ strictness: Strictness, allowingEmpty: Bool = false) throws(ServiceError) -> (cards: [PlayingCard], ignored: [String])? {
        guard strictness == .lenient else { return try cards(allowingEmpty: allowingEmpty).map { ($0, []) } }
        guard let text = values["cards"] else { return nil }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return ([], []) }
        let list = APICardList(text)
        return (list.cards, list.unknown.prefix(Self.ignoredListed).map { $0.code.count > 80 ? $0.code.prefix(80) + "…" : $0.code })
    }

    /// How many ignored items an answer lists at most: a body of 64 KiB could name thousands.
    static let ignoredListed = 64

    /// The `seed` parameter: 64 hex digits.
    func seed() throws(RequestError) -> ShuffleSeed? {
        guard let text = values["seed"] else { return nil }
        do {
            return try ShuffleSeed(hex: text)
        } catch {
            throw .parameter(
                "seed", value: text, "is not allowed", allowed: "give 64 hex digits (256 bits), such as seed=\(String(repeating: "0", count: 63))1",
                quoting: true)
        }
    }

    /// A value quoted for an error message, cut short when long.
    static func shown(_ value: String) -> String { ServiceError.quoted(value) }
}
