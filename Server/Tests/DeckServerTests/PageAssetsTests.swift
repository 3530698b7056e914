@testable import DeckServerHTTP
import Foundation
import Testing

/// The pages and their files: every page carries the security headers, every module and style
/// the pages load is served with its type, and the shipped layouts are there for the table page.
@Suite("Pages and their files")
struct PageAssetsTests {
    @Test("every page forbids framing and scripts, styles and connections from elsewhere", arguments: ["/", "/memory", "/table", "/table/abc", "/table/watch/abc"])
    func securityHeaders(path: String) async throws {
        try await withApp { server in
            let page = try await server.get(path)
            #expect(page.status == 200)
            let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
            for rule in ["frame-ancestors 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'"] {
                #expect(policy.contains(rule), "\(path): \(policy)")
            }
            #expect(page.headers.first(name: "X-Frame-Options") == "DENY")
            // Nothing inline that the policy would block: scripts and styles are files of their own.
            #expect(!page.text.contains("<script>") && !page.text.contains("<style") && !page.text.contains("style=\""), "\(path) has inline script or style")
        }
    }

    @Test("every file a page loads is served, with its type; an unknown one is 404")
    func files() async throws {
        try await withApp { server in
            var loaded: Set<String> = []
            for page in ["/", "/memory", "/table"] {
                let text = try await server.get(page).text
                loaded.formUnion(Self.assets(in: text))
            }
            // The modules load one another.
            var queue = Array(loaded)
            while let name = queue.popLast() {
                let file = try await server.get("/assets/\(name)")
                #expect(file.status == 200, "\(name)")
                let type = file.headers.first(name: "Content-Type") ?? ""
                #expect(type.hasPrefix(name.hasSuffix(".css") ? "text/css" : "text/javascript"), "\(name): \(type)")
                for imported in Self.assets(in: file.text) where loaded.insert(imported).inserted { queue.append(imported) }
            }
            #expect(loaded.isSuperset(of: ["table.js", "table-drag.js", "cards.js", "memory.js", "index.js"]))
            #expect(Set(PageAssets.files.keys) == loaded, "every file served is used, and every file used is served")
            #expect(try await server.get("/assets/nothing.js").status == 404)
        }
    }

    @Test("the shipped layouts are served for the new-table form", arguments: ["klondike", "trick-taking-4", "texas-holdem"])
    func layouts(name: String) async throws {
        try await withApp { server in
            let layout = try await server.get("/assets/layouts/\(name).json")
            #expect(layout.status == 200)
            #expect(try JSONSerialization.jsonObject(with: Data(layout.text.utf8)) is [String: Any])
            #expect(try await server.get("/table").text.contains("value=\"\(name)\""), "the form offers \(name)")
        }
    }

    /// The `/assets/` files a page or module names.
    static func assets(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let range = rest.range(of: "/assets/") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
            if name.hasSuffix(".js") || name.hasSuffix(".css") { names.insert(String(name)) }
            rest = rest[range.upperBound...]
        }
        return names
    }
}
