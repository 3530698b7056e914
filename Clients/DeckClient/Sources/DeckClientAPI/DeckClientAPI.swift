// DeckClientAPI is swift-openapi-generator's types and client for deck-server's OpenAPI
// document (openapi.json here, a link to the server's Public/openapi.json). The build plugin
// writes them into the build folder at every build where the document or the configuration
// (openapi-generator-config.yaml) changed; nothing generated is kept in the tree. This file is
// the target's one hand-written source: SwiftPM wants at least one in a target's folder.
