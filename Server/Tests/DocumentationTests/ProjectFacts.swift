import Foundation

/// What the guides' commands may name, read from the project itself: the Makefile's targets and
/// variables, each package's products and targets, the built command-line tools' options, and
/// the deck server's OpenAPI document.
struct ProjectFacts {
    /// The repository's top folder.
    let root: URL
    let makeTargets: Set<String>
    let makeVariables: Set<String>
    /// The OpenAPI document's operations: path template → method (lower case) → parameter names.
    let operations: [String: [String: Set<String>]]

    init(root: URL) throws {
        self.root = root
        let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
        (makeTargets, makeVariables) = Self.readMakefile(makefile)
        let openAPI = try Data(contentsOf: root.appendingPathComponent("Server/Sources/DeckServerHTTP/Public/openapi.json"))
        operations = try Self.readOperations(openAPI)
    }

    /// The Makefile's explicit targets and the variables it assigns.
    static func readMakefile(_ text: String) -> (targets: Set<String>, variables: Set<String>) {
        var targets: Set<String> = [], variables: Set<String> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("\t") && !line.hasPrefix("#") {
            if let match = line.firstMatch(of: /^([A-Za-z_][A-Za-z0-9_]*)\s*[?:+]?=/) {
                variables.insert(String(match.1))
            } else if let match = line.firstMatch(of: /^([^\s:=#$][^:=]*):(?!=)/) {
                targets.formUnion(match.1.split(separator: " ").map(String.init))
            }
        }
        return (targets, variables)
    }

    /// The names a package's manifest gives its products and targets.
    func packageNames(at folder: URL) throws -> (products: Set<String>, targets: Set<String>) {
        let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        var products: Set<String> = [], targets: Set<String> = []
        for match in manifest.matches(of: /\.(executable|library|executableTarget|target|testTarget)\(\s*name:\s*"([^"]+)"/) {
            switch match.1 {
            case "executable", "library": products.insert(String(match.2))
            case "executableTarget":
                // An executable target of a package is run by its name, as a product is.
                products.insert(String(match.2))
                targets.insert(String(match.2))
            default: targets.insert(String(match.2))
            }
        }
        return (products, targets)
    }

    /// The operations of an OpenAPI document, with the names of their query, header and body
    /// parameters.
    static func readOperations(_ data: Data) throws -> [String: [String: Set<String>]] {
        guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let paths = document["paths"] as? [String: [String: Any]] else {
            throw DocumentationCheckError("openapi.json has no paths object")
        }
        // Parameters and schemas may stand in components/, named by `$ref`.
        func resolved(_ object: [String: Any]) -> [String: Any] {
            guard let reference = object["$ref"] as? String, reference.hasPrefix("#/") else { return object }
            var current: Any = document
            for key in reference.dropFirst(2).split(separator: "/") {
                current = (current as? [String: Any])?[String(key)] as Any
            }
            return current as? [String: Any] ?? [:]
        }
        var operations: [String: [String: Set<String>]] = [:]
        for (path, item) in paths {
            for (method, value) in item {
                guard let operation = value as? [String: Any] else { continue }
                var names: Set<String> = []
                for parameter in operation["parameters"] as? [[String: Any]] ?? [] {
                    if let name = resolved(parameter)["name"] as? String { names.insert(name) }
                }
                let content = (operation["requestBody"] as? [String: Any])?["content"] as? [String: [String: Any]] ?? [:]
                for media in content.values {
                    let properties = resolved(media["schema"] as? [String: Any] ?? [:])["properties"] as? [String: Any] ?? [:]
                    names.formUnion(properties.keys)
                }
                operations[path, default: [:]][method.lowercased()] = names
            }
        }
        return operations
    }

    /// The OpenAPI path template that `path` is an instance of: each `{name}` stands for one
    /// non-empty segment.
    func pathTemplate(matching path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return operations.keys.sorted().first { template in
            let parts = template.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == segments.count && zip(parts, segments).allSatisfy { part, segment in
                part.hasPrefix("{") ? !segment.isEmpty : part == segment
            }
        }
    }
}

/// What a documentation check could not read.
struct DocumentationCheckError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
