import DeckService
import Foundation
import Logging
import ServiceLifecycle

/// The periodic job that deletes decks and games left idle too long; once per interval across
/// all servers on one store.
struct ExpiryService: Service {
    let service: DeckService
    let settings: ServerSettings
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                // Servers sharing one database run the job once per interval between them.
                if let deleted = try await service.runIdleRecordJob(idleTime: settings.idleTime, every: settings.expiryInterval) {
                    logger.info("the idle-record job ran", metadata: ["deleted": "\(deleted)"])
                } else {
                    logger.debug("the idle-record job ran on another server within the interval")
                }
            } catch {
                logger.warning("the idle-record job failed; it runs again later", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown {
                try await Task.sleep(for: .seconds(settings.expiryInterval))
            }
        }
    }
}
