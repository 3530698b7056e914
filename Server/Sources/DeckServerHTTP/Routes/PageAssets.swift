import HTTPTypes
import Hummingbird
import NIOCore

/// The pages and their own files: `/`, `/memory` and `/table` (with `/table/<id>` and
/// `/table/watch/<key>`), their styles and ES modules at `/assets/<name>`, served as they are
/// (no build step), and the shipped table layouts at `/assets/layouts/<name>.json`.
///
/// Every page is sent with a Content-Security-Policy: scripts, styles and connections from the
/// server itself only, images also from `data:` and `blob:` URLs, and no framing
/// (`frame-ancestors 'none'`), so that no other site can show a page under its own and have its
/// buttons clicked.
enum PageAssets {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"

    private static let css = "text/css; charset=utf-8"
    private static let javascript = "text/javascript; charset=utf-8"

    /// The files under `/assets/`, by name.
    static let files: [String: (bytes: [UInt8], type: String)] = [
        "index.css": (PackageResources.index_css, css),
        "index.js": (PackageResources.index_js, javascript),
        "cards.js": (PackageResources.cards_js, javascript),
        "memory.css": (PackageResources.memory_css, css),
        "memory.js": (PackageResources.memory_js, javascript),
        "table.css": (PackageResources.table_css, css),
        "table.js": (PackageResources.table_js, javascript),
        "table-api.js": (PackageResources.table_api_js, javascript),
        "table-state.js": (PackageResources.table_state_js, javascript),
        "table-scene.js": (PackageResources.table_scene_js, javascript),
        "table-felt.js": (PackageResources.table_felt_js, javascript),
        "table-hand.js": (PackageResources.table_hand_js, javascript),
        "table-seats.js": (PackageResources.table_seats_js, javascript),
        "table-drag.js": (PackageResources.table_drag_js, javascript),
        "table-moves.js": (PackageResources.table_moves_js, javascript),
        "table-refusals.js": (PackageResources.table_refusals_js, javascript),
        "table-menu.js": (PackageResources.table_menu_js, javascript),
        "table-keys.js": (PackageResources.table_keys_js, javascript),
        "table-panels.js": (PackageResources.table_panels_js, javascript),
    ]

    /// The layouts a new table can start from, by name.
    static let layouts: [String: [UInt8]] = [
        "klondike": PackageResources.klondike_json,
        "trick-taking-4": PackageResources.trick_taking_4_json,
        "texas-holdem": PackageResources.texas_holdem_json,
    ]

    static func add(to router: APIRegistrar) {
        for path in ["/", "/memory", "/table", "/table/:table_id", "/table/watch/:watch_key"] {
            let page = path == "/" ? PackageResources.index_html : path == "/memory" ? PackageResources.memory_html : PackageResources.table_html
            router.get(path) { _, _ in Self.page(page) }
        }
        router.get("/assets/:file") { _, context in
            let name = try context.parameters.require("file")
            guard let file = files[name] else { throw RequestError(.notFound, "no such file: \(name)") }
            return PageRoutes.file(file.bytes, type: file.type)
        }
        router.get("/assets/layouts/:file") { _, context in
            let name = try context.parameters.require("file")
            guard name.hasSuffix(".json"), let layout = layouts[String(name.dropLast(5))] else {
                throw RequestError(.notFound, "no such layout: \(name); give one of \(layouts.keys.sorted().map { "\($0).json" }.joined(separator: ", "))")
            }
            return PageRoutes.file(layout, type: "application/json")
        }
    }

    /// A page, with the security headers every page gets.
    static func page(_ bytes: [UInt8]) -> Response {
        var response = PageRoutes.file(bytes, type: "text/html; charset=utf-8")
        response.headers[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return response
    }
}
