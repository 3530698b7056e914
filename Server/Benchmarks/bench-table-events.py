#!/usr/bin/env python3
"""Table events under load: how long from a change's answer to its event on every open stream, at 16,000 streams.

The client is stream-load (Server/Benchmarks/StreamLoad, on NIO and DeckTestSupport's event-stream
reader, built here once in release in the server's package, as the deck-server beside it): it
makes the tables, opens the streams, runs a paced load of changes (a player draws a card; a table
whose deck runs low is shuffled) and, for every change and every reading stream of
its table, measures the time from the change's answer to the first event that shows it (its
version, or a later one when the stream fell behind and got only the newest view). It reports p50,
p99 and the largest, the changes seen only through a later view or never, the streams the server
dropped, the server's memory per open stream (its resident size with the streams open, less
before, over the streams), the server's CPU per delivered event and its own CPU (with a warning
should it be saturated, which would make it the bottleneck). This script starts the servers (and a
throw-away PostgreSQL cluster), runs the client, and checks the targets; a missed target, a
change some stream never saw, or a dropped stream fails the run (exit status 1).

  sqlite    one instance on SQLite: 16,000 streams over 1,600 tables (10 a table: the four players'
            and six without a token), 1,000 changes a second: p99 under 100 ms, at most 12 KiB
            per stream
  postgres  two instances on one PostgreSQL cluster, 8,000 streams on each, changes through both,
            so that events cross instances through LISTEN/NOTIFY: p99 under 250 ms
  slow      slow readers: 2,000 streams whose client never reads, beside 1,000 reading ones, on 100
            tables changing 10 times a second each for 60 s: the server's memory must stay flat
            after the first seconds, the reading streams' p99 under 100 ms
  heavy     one table of 8 decks with every card face up (a view of about 92 KB), 300 watchers and
            20 changes a second, beside a closed loop of draws on another deck: with the watchers
            the draws' p99 under 50 ms and their rate at least half of what it is without
  soak      (only with --soak or --only soak) 8,000 streams, 300 changes a second for 10 minutes:
            the server's memory at the end within 5 % of minute 2, no stream dropped, nothing unseen

    python3 Server/Benchmarks/bench-table-events.py [path/to/deck-server] [--streams 16000]
        [--seconds 20] [--only sqlite|postgres|slow|heavy|soak] [--soak]

--streams scales the first two runs (tables = streams / 10); --seconds is their load's length (the
slow readers run three times as long, each heavy phase at most that long). Needs Debian's
postgresql for the second run (make deps-postgres); as root the cluster runs as the postgres user.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

from bench_support import Cluster, parse_arguments, raise_file_limit, start_server

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER_PACKAGE = os.path.dirname(HERE)
STREAMS_PER_TABLE = 10
# Streams and connections the servers accept: above every run's streams, under the file limit.
SERVER_BOUND = 19000


def more_options(parser):
    parser.add_argument("--streams", type=int, default=16000,
                        help="streams of the SQLite and PostgreSQL runs (tables = streams / 10)")
    parser.add_argument("--soak", action="store_true", help="also run the 10-minute soak")
    parser.add_argument("--soak-minutes", type=float, default=10, help=argparse.SUPPRESS)


def build_client():
    """Builds stream-load in release once, with the flags make builds the release deck-server with
    (so that the two share one build); its path."""
    command = [os.environ.get("SWIFT", "swift"), "build", "-c", "release", "--static-swift-stdlib",
               "--package-path", SERVER_PACKAGE, "--product", "stream-load"]
    print("$ " + " ".join(command), flush=True)
    subprocess.run(command, check=True)
    folder = subprocess.run(command + ["--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(folder, "stream-load")


class Runner:
    """Starts servers for each run, runs the client against them and keeps the verdicts."""

    def __init__(self, binary, client, work):
        self.binary, self.client, self.work = binary, client, work
        self.failed = False

    def server(self, extra):
        return start_server(self.binary, self.work, extra, max_streams=SERVER_BOUND, max_connections=SERVER_BOUND)

    def sqlite_server(self, name):
        return self.server(["--data", os.path.join(self.work, name)])

    def client_run(self, label, arguments):
        """Runs stream-load with `arguments`; its report (None when it could not run)."""
        print(f"\n{label}", flush=True)
        report_path = os.path.join(self.work, "report.json")
        if os.path.exists(report_path):
            os.remove(report_path)
        status = subprocess.run([self.client] + arguments + ["--json", report_path]).returncode
        if not os.path.exists(report_path):
            print(f"  stream-load failed (exit status {status}): target NOT met")
            self.failed = True
            return None
        with open(report_path) as file:
            return json.load(file)

    def client_run_against(self, servers, label, arguments):
        """Runs stream-load against `servers` with `arguments`, then stops the servers; its report."""
        try:
            return self.client_run(label, servers_arguments(servers) + arguments)
        finally:
            stop(servers)

    def check(self, report, targets):
        """Prints each (name, met, figure) target with its verdict; any missed fails the run."""
        cpu = report.get("cpu") or {}
        if cpu.get("clientSaturated"):
            print("  WARNING: client saturated: its figures include the client's own delays")
        for name, met, figure in targets:
            print(f"  target {name}: {'met' if met else 'NOT met'}{f' ({figure})' if figure else ''}")
            self.failed |= not met

    @staticmethod
    def delivery_targets(report, p99_limit):
        delivery, load = report["delivery"], report["load"]
        p99 = delivery["p99Milliseconds"]
        return [
            (f"p99 < {p99_limit} ms", p99 < p99_limit, f"{p99:.1f} ms"),
            ("no change unseen", delivery["unseen"] == 0, f"{delivery['unseen']} (change, stream) pairs unseen"),
            ("no stream dropped", delivery["droppedStreams"] == 0, f"{delivery['droppedStreams']} dropped"),
            ("every change answered", load["refused"] == 0, f"{load['refused']} refused"),
        ]


def servers_arguments(processes):
    """--stream-server, --load-server and --server-pid for each (process, address)."""
    arguments = []
    for process, (host, port) in processes:
        url = f"http://{host}:{port}"
        arguments += ["--stream-server", url, "--load-server", url, "--server-pid", str(process.pid)]
    return arguments


def stop(processes):
    for process, _ in processes:
        if process.poll() is None:
            process.terminate()
    for process, _ in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def streams_load(arguments):
    """stream-load's options for the streams runs: the tables for --streams, the load's length."""
    return ["--tables", str(arguments.streams // STREAMS_PER_TABLE), "--seconds", str(arguments.seconds)]


def run_sqlite(runner, arguments):
    report = runner.client_run_against([runner.sqlite_server("sqlite")],
                                       f"one instance, SQLite: {arguments.streams:,} streams, 1,000 changes/s",
                                       streams_load(arguments))
    if report:
        per_stream = report["perStreamKiB"]
        runner.check(report, Runner.delivery_targets(report, 100) + [
            ("≤ 12 KiB per stream", per_stream <= 12, f"{per_stream:.1f} KiB")])


def run_postgres(runner, arguments):
    cluster = Cluster()
    servers = []
    try:
        # One by one, so that a second that fails to start leaves the first to be stopped.
        for _ in range(2):
            servers.append(runner.server(["--database", cluster.url]))
        report = runner.client_run_against(
            servers, f"two instances, PostgreSQL: {arguments.streams // 2:,} streams on each, changes through both",
            streams_load(arguments))
    finally:
        stop(servers)  # stopped already, unless the second failed to start
        cluster.remove()
    if report:
        runner.check(report, Runner.delivery_targets(report, 250))


def run_slow(runner, arguments):
    seconds = 3 * arguments.seconds
    report = runner.client_run_against(
        [runner.sqlite_server("slow")],
        f"slow readers: 2,000 silent streams and 1,000 reading ones on 100 tables changing 10 times a second, {seconds:g} s",
        ["--tables", "100", "--silent-streams", "2000", "--changes-per-second", "1000",
         "--seconds", str(seconds), "--sample-seconds", "5"])
    if report:
        samples = report["rssSamples"]
        print("  server memory during the load: " + ", ".join(f"{s['seconds']:.0f} s {s['kib'][0] / 1024:.0f} MiB" for s in samples))
        # Flat after the first seconds: from 10 s on, never 10 % above what it was at 10 s.
        settled = [s["kib"][0] for s in samples if s["seconds"] >= 9.5]
        bounded = bool(settled) and max(settled) <= 1.10 * settled[0]
        figure = f"at most {max(settled) / 1024:.0f} MiB after {settled[0] / 1024:.0f} MiB at 10 s" if settled else "no samples"
        runner.check(report, Runner.delivery_targets(report, 100) + [("memory flat after 10 s (within 10 %)", bounded, figure)])


def run_heavy(runner, arguments):
    report = runner.client_run_against(
        [runner.sqlite_server("heavy")],
        "heavy table: 300 watchers of a table of 8 decks face up, 20 changes/s, beside draws on another deck",
        ["--heavy", "--phase-seconds", str(min(10.0, arguments.seconds))])
    if report:
        heavy = report["heavy"]
        p99 = heavy["withWatchers"]["p99Milliseconds"]
        runner.check(report, [
            ("draws' p99 with the watchers < 50 ms", p99 < 50, f"{p99:.1f} ms"),
            ("draws' rate with the watchers ≥ half of without", heavy["rateRatio"] >= 0.5, f"{heavy['rateRatio']:.2f}"),
            ("no change unseen by a watcher", report["delivery"]["unseen"] == 0, None),
            ("no watcher dropped", report["delivery"]["droppedStreams"] == 0, None)])


def run_soak(runner, arguments):
    report = runner.client_run_against(
        [runner.sqlite_server("soak")],
        f"soak: 8,000 streams, 300 changes/s for {arguments.soak_minutes:g} minutes",
        ["--tables", "800", "--changes-per-second", "300", "--soak-minutes", str(arguments.soak_minutes)])
    if report:
        soak = report.get("soak")
        change = soak["changePercent"][0] if soak else float("nan")
        runner.check(report, Runner.delivery_targets(report, float("inf"))[1:] + [
            ("memory at the end within 5 % of minute 2", abs(change) <= 5, f"{change:+.1f} %")])


def main():
    arguments, binary, work = parse_arguments(
        __doc__, "deck-bench-events-", parts=("sqlite", "postgres", "slow", "heavy", "soak"), more=more_options)
    limit = raise_file_limit()
    if limit < SERVER_BOUND + 200:
        print(f"warning: the file limit is {limit}: the largest runs need about {SERVER_BOUND + 200}")
    runs = {"sqlite": run_sqlite, "postgres": run_postgres, "slow": run_slow, "heavy": run_heavy, "soak": run_soak}
    chosen = [arguments.only] if arguments.only else ["sqlite", "postgres", "slow", "heavy"] + (["soak"] if arguments.soak else [])
    try:
        runner = Runner(binary, build_client(), work)
        for name in chosen:
            runs[name](runner, arguments)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nbench-table-events: {'some target NOT met' if runner.failed else 'every target met'}")
    return 1 if runner.failed else 0


if __name__ == "__main__":
    sys.exit(main())
