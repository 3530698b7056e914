import DeckServerHTTP
import Foundation
import Testing

@Suite("The OpenAPI description matches the server")
struct OpenAPITests {
    /// `/api/deck/{deck_id}/` and `/api/deck/:id` both become `/api/deck/{}`.
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/").map { $0.hasPrefix(":") || $0.hasPrefix("{") ? "{}" : String($0) }
        return "/" + parts.joined(separator: "/")
    }

    @Test("every route is described, every described operation is served")
    func specMatchesRoutes() async throws {
        try await withServer { server in
            let answer = try await server.get("/openapi.json")
            #expect(answer.status == 200)
            let spec = try answer.decode(OpenAPIDocument.self)
            #expect(spec.openapi == "3.2.0")
            let paths = spec.paths

            var described = Set<String>()
            for (path, operations) in paths {
                for method in operations.keys { described.insert("\(method.uppercased()) \(Self.normalized(path))") }
            }
            let served = Set(deckServerRoutes().map { "\($0.method) \(Self.normalized($0.path))" })
            #expect(served.subtracting(described).isEmpty, "routes missing from /openapi.json: \(served.subtracting(described).sorted())")
            #expect(described.subtracting(served).isEmpty, "described but not served: \(described.subtracting(served).sorted())")

            // Each described operation answers on the live server (not "no such endpoint").
            let id = try await server.newDeck()
            _ = try await server.get("/api/deck/\(id)/draw/?count=3")
            for (path, operations) in paths.sorted(by: { $0.key < $1.key }) {
                let concrete = path.replacingOccurrences(of: "{deck_id}", with: id)
                    .replacingOccurrences(of: "{pile}", with: "p").replacingOccurrences(of: "{file}", with: "QH.png")
                    .replacingOccurrences(of: "{game_id}", with: "nosuchgame").replacingOccurrences(of: "{table_id}", with: "nosuchtable").replacingOccurrences(of: "{index}", with: "0")
                for method in operations.keys {
                    let result = method == "post" ? try await server.post(concrete) : try await server.get(concrete)
                    #expect(!result.error.contains("no such endpoint"), "\(method) \(concrete) is not served")
                    #expect(result.status < 500, "\(method) \(concrete): \(result.status) \(result.text)")
                }
            }
        }
    }
}

extension OpenAPITests {
    @Test("the Deck and Error schemas name every member a lenient answer carries; every deck operation takes strict")
    func lenientMembersDescribed() async throws {
        try await withApp { server in
            let document = try await server.get("/openapi.json").jsonObject
            let components = try #require(document["components"] as? [String: Any])
            let schemas = try #require(components["schemas"] as? [String: Any])
            func properties(_ schema: String) throws -> Set<String> {
                let object = try #require(schemas[schema] as? [String: Any])
                return Set(try #require(object["properties"] as? [String: Any]).keys)
            }
            let deckMembers = try properties("Deck")
            let errorMembers = try properties("Error")

            let id = try await server.newDeck()
            _ = try await server.get("/api/deck/\(id)/draw/?count=2")
            let answers = [
                try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS,9D,ZZ"),
                try await server.get("/api/deck/\(id)/return/?cards=9D,ZZ"),
                try await server.get("/api/deck/\(id)/draw/?count=60"),
            ]
            for answer in answers {
                let object = try answer.jsonObject
                let undescribed = Set(object.keys).subtracting(deckMembers)
                #expect(undescribed.isEmpty, "not in the Deck schema: \(undescribed.sorted()) of \(answer.text.prefix(200))")
            }
            #expect(Set(["not_added", "not_returned", "ignored", "asked", "given", "error", "detail"]).isSubset(of: deckMembers))
            for refusal in [try await server.get("/api/deck/new/?deck_count=21"), try await server.get("/api/deck/\(id)/pile/p/draw/?count=9")] {
                let object = try refusal.jsonObject
                #expect(Set(object.keys) == ["success", "error", "detail"])
                #expect(Set(object.keys).isSubset(of: errorMembers))
            }

            let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
            for (path, operations) in paths where path.hasPrefix("/api/deck/") {
                for (method, operation) in operations {
                    let parameters = operation["parameters"] as? [[String: Any]] ?? []
                    let inQuery = parameters.contains { $0["$ref"] as? String == "#/components/parameters/strict" }
                    let form = ((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/x-www-form-urlencoded"]
                    let inForm = (((form as? [String: Any])?["schema"] as? [String: Any])?["properties"] as? [String: Any])?["strict"] != nil
                    #expect(method == "get" ? inQuery : inForm, "\(method) \(path) does not describe strict")
                }
            }
        }
    }
}

extension OpenAPITests {
    @Test("every text/event-stream answer is described item by item (itemSchema, OpenAPI 3.2) with schemas that exist; a live felt stream sends only the events described, each with its schema's members")
    func eventStreamItems() async throws {
        try await withServer { server in
            let document = try await server.get("/openapi.json").jsonObject
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])

            // Every stream answer: an itemSchema, and every schema it names exists.
            var items: [String: [String: Any]] = [:]
            for (path, operations) in paths {
                for operation in operations.values {
                    for case let response as [String: Any] in (operation["responses"] as? [String: Any] ?? [:]).values {
                        guard let stream = (response["content"] as? [String: Any])?["text/event-stream"] as? [String: Any] else { continue }
                        #expect(stream["schema"] == nil, "\(path): the whole stream as one string")
                        let reference = try #require((stream["itemSchema"] as? [String: Any])?["$ref"] as? String, "\(path) has no itemSchema")
                        let item = try #require(Self.resolve(reference, in: schemas), "\(path): \(reference)")
                        for named in Self.references(in: item) { #expect(Self.resolve(named, in: schemas) != nil, "\(path): \(named)") }
                        items[path] = item
                    }
                }
            }
            #expect(Set(items.keys) == ["/api/table/{table_id}/events", "/api/table/{table_id}/felt/events", "/api/watch/{watch_key}/events"])

            // The felt's item: each event name with the schema of its data.
            let felt = try #require(items["/api/table/{table_id}/felt/events"])
            var dataSchemas: [String: [String: Any]] = [:]
            for case let branch as [String: Any] in felt["oneOf"] as? [Any] ?? [] {
                let properties = branch["properties"] as? [String: Any]
                guard let name = (properties?["event"] as? [String: Any])?["const"] as? String,
                      let reference = ((properties?["data"] as? [String: Any])?["contentSchema"] as? [String: Any])?["$ref"] as? String
                else { continue }
                dataSchemas[name] = Self.resolve(reference, in: schemas)
            }
            #expect(Set(dataSchemas.keys) == ["view", "change", "hold", "drag", "peek"])

            // A live stream: each kind of event, each fitting its description.
            let ann = try await server.newTable("Ann", "seats=2")
            let bob = try await server.join(ann.table, "Bob")
            let stream = try await EventStreamReader(server.base + "/api/table/\(ann.table)/felt/events?token=\(bob.token)")
            #expect(stream.text.isEmpty || stream.text.hasPrefix("retry: "))
            var seen: [EventStreamReader.Event] = [try #require(await stream.next(named: "view"))]
            #expect(try await ann.felt("split", "stack=deck&count=3&x=100&y=200").status == 200)
            seen.append(try #require(await stream.next(named: "change")))
            #expect(try await ann.felt("hold", "stack=s1").status == 200)
            seen.append(try #require(await stream.next(named: "hold")))
            #expect(try await ann.felt("drag", "stack=s1&x=300&y=300").status == 200)
            seen.append(try #require(await stream.next(named: "drag")))
            #expect(try await ann.felt("peek", "stack=s1").status == 200)
            seen.append(try #require(await stream.next(named: "peek")))
            await stream.close()
            for event in seen {
                let name = try #require(event.name)
                let schema = try #require(dataSchemas[name], "event \(name) is not described")
                let data = try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
                let required = Set(schema["required"] as? [String] ?? [])
                #expect(required.isSubset(of: data.keys), "\(name) lacks \(required.subtracting(data.keys).sorted())")
            }
            // Only view and change carry an id (a parser keeps the last id for the others, so the
            // items are read as sent).
            for item in stream.text.split(separator: "\n\n") where item.hasPrefix("event: ") {
                let name = item.dropFirst("event: ".count).prefix { $0 != "\n" }
                #expect(item.contains("\nid: ") == ["view", "change"].contains(name), "\(item.prefix(80))")
            }
        }
    }

    /// The schema a `#/components/schemas/…` reference names.
    private static func resolve(_ reference: String, in schemas: [String: Any]) -> [String: Any]? {
        guard reference.hasPrefix("#/components/schemas/") else { return nil }
        return schemas[String(reference.dropFirst("#/components/schemas/".count))] as? [String: Any]
    }

    /// Every `$ref` within `value`, at any depth.
    private static func references(in value: Any) -> [String] {
        switch value {
        case let object as [String: Any]:
            return object.flatMap { key, member in key == "$ref" ? [member as? String ?? ""] : references(in: member) }
        case let array as [Any]:
            return array.flatMap { references(in: $0) }
        default:
            return []
        }
    }
}

/// The parts of an OpenAPI document the test reads: its version and each path's operations.
private struct OpenAPIDocument: Decodable {
    /// An operation; its contents are not read here.
    struct Operation: Decodable {}

    var openapi: String
    var paths: [String: [String: Operation]]
}
