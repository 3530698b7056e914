/// The short human report of a run, in the Python benchmark's words.
extension RunReport {
    var text: String {
        var lines: [String] = []
        if let heavy {
            lines.append("heavy table: a view of \(grouped(heavy.viewBytes)) bytes, \(readingStreams) watchers, "
                + "\(format(load?.perSecond ?? 0, 1)) changes/s; draws on another deck over \(heavy.drawConnections) connections:")
            lines.append("  without the watchers: \(drawLine(heavy.withoutWatchers))")
            lines.append("  with the watchers:    \(drawLine(heavy.withWatchers))")
            lines.append("  rate with / without: \(format(heavy.rateRatio, 2))")
        } else {
            lines.append("\(grouped(readingStreams)) reading streams\(silentStreams > 0 ? " and \(grouped(silentStreams)) silent ones" : "") "
                + "over \(grouped(tables)) tables on \(streamServers.count) server(s), from \(sourceAddresses) source address(es); "
                + "opened in \(format(openSeconds, 1)) s")
        }
        if let load {
            lines.append("  load: \(grouped(load.answered)) changes answered in \(format(load.seconds, 1)) s (\(format(load.perSecond, 0))/s, "
                + "\(load.refused) refused of \(grouped(load.scheduled))); sent late by p99 \(format(load.latenessP99Milliseconds, 1)) ms, "
                + "max \(format(load.latenessMaxMilliseconds, 1)) ms")
            if let refusal = load.firstRefusal { lines.append("  first refusal: \(refusal.prefix(300))") }
        }
        lines.append("  change answered -> event arrived: p50 \(format(delivery.p50Milliseconds, 1)) ms, "
            + "p99 \(format(delivery.p99Milliseconds, 1)) ms, max \(format(delivery.maxMilliseconds, 1)) ms over "
            + "\(grouped(delivery.samples)) of \(grouped(delivery.pairs)) (change, stream) pairs; "
            + "\(grouped(delivery.seenThroughLater)) seen through a later view, \(grouped(delivery.unseen)) never seen")
        lines.append("  streams dropped by the server: \(delivery.droppedStreams)"
            + (silentStreams > 0 ? "; silent streams reset by the server: \(delivery.silentClosed) of \(silentStreams)" : ""))
        for instance in memory {
            lines.append("  server memory (\(instance.server), pid \(instance.pid)): \(format(Double(instance.beforeKiB) / 1024, 1)) MiB before "
                + "the streams, \(format(Double(instance.withStreamsKiB) / 1024, 1)) MiB with its \(grouped(instance.streams)): "
                + "\(format(instance.perStreamKiB, 1)) KiB per open stream")
        }
        if let perStreamKiB, memory.count > 1 {
            lines.append("  server memory, all instances: \(format(perStreamKiB, 1)) KiB per open stream")
        }
        if let soak {
            for (index, change) in soak.changePercent.enumerated() {
                lines.append("  soak, pid \(memory.indices.contains(index) ? String(memory[index].pid) : "?"): "
                    + "\(format(Double(soak.minute2KiB[index]) / 1024, 1)) MiB at minute 2, "
                    + "\(format(Double(soak.endKiB[index]) / 1024, 1)) MiB after \(format(soak.minutes, soak.minutes.rounded() == soak.minutes ? 0 : 1)) minutes: \(format(change, 1)) %")
            }
        }
        if let cpu {
            lines.append("  server CPU: \(format(cpu.serverSeconds.reduce(0, +), 2)) s over \(format(cpu.windowSeconds, 1)) s for "
                + "\(grouped(cpu.eventsDelivered)) events delivered: \(format(cpu.serverMicrosecondsPerEvent, 1)) µs per event")
            lines.append("  client CPU: \(format(cpu.clientCores, 2)) cores (\(format(cpu.clientMicrosecondsPerEvent, 2)) µs per event); "
                + "loop threads busy " + cpu.loopBusy.map { "\(format($0 * 100, 0)) %" }.joined(separator: ", "))
            if cpu.clientSaturated {
                lines.append("  WARNING: client saturated: its loops used 90 % or more of their threads, so the figures measure the client too")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func drawLine(_ draws: DrawFigures) -> String {
        "\(grouped(Int(draws.perSecond.rounded()))) requests/s, p50 \(format(draws.p50Milliseconds, 2)) ms, p99 \(format(draws.p99Milliseconds, 2)) ms, "
            + "max \(format(draws.maxMilliseconds, 1)) ms (\(grouped(draws.requests)) requests, \(draws.failed) failed)"
    }
}
