import DeckService
import Foundation
import Logging
import ServiceLifecycle

/// The periodic job that deletes decks and games left idle too long.
struct ExpiryService: Service {
    let service: DeckService
    let settings: ServerSettings
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                let deleted = try await service.deleteIdleRecords(idleTime: settings.idleTime)
                if deleted > 0 { logger.info("deleted idle records", metadata: ["count": "\(deleted)"]) }
            } catch {
                logger.warning("the idle-record job failed; it runs again later", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown {
                try await Task.sleep(for: .seconds(settings.expiryInterval))
            }
        }
    }
}
