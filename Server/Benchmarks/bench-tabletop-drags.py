#!/usr/bin/env python3
"""Free-form table drags under load: how long from a drag, and from an action, to its event at the other seats.

One deck-server holds 100 free-form tables of 4 seats. At every table seat 1 holds a stack and
drags it at 30 Hz (renewing its hold every 2 s; a drag goes every 1/30 s whether or not the last
ones were answered, up to 4 unanswered, and a slot that finds 4 waiting is skipped and counted),
while 200 actions a second in all (arrange or flip a second stack, by a random seat of a random
table, each at its time, on the seat's own connection) go across the tables; seats 2 to 4 each
hold the table's felt event stream (300 streams). A drag's position tells which drag it was (x
and y count the table's drags), so every `drag` event is matched to its POST: one sample is the
time from that POST's sending to the event's arrival at one stream. The server sends at most 30
drags a second per seat, the newest position winning, so a drag it dropped is no miss: the script
counts the drag events that arrived against those sent. For every action and every stream of its
table but the acting seat's, the time from the action's sending to the first event that shows it
(its version, or a later one when the stream skipped to the newest view) is one sample; an action
some stream never saw fails the run. Then the actions stop and the drags go on alone, and the
server's CPU time (utime + stime in /proc/<pid>/stat, before and after) over that phase is divided
by the drags sent in it and by the drag events the streams got.

Run twice: one instance on SQLite (target: p99 under 50 ms for drags and for actions), and two
instances on one local PostgreSQL cluster, streams on one and drags and actions through the
other, so that every event crosses instances through LISTEN/NOTIFY (target: p99 under 150 ms).
A missed target makes the exit status 1.

    python3 Server/Benchmarks/bench-tabletop-drags.py [path/to/deck-server] [--seconds 20]
        [--only sqlite|postgres]

--seconds is the phase of drags and actions; the drags alone go on for half as long (at least
3 s). Needs Debian's postgresql for the second part (make deps-postgres); as root the cluster runs
as the postgres user. The streams, the drags and the actions run in processes of their own, so
that none delays the others, all on the same monotonic clock; the script prints each one's CPU
use and says when the client, not the server, may be what is slow.
"""

import asyncio
import bisect
import collections
import multiprocessing
import os
import queue
import shutil
import sys
import time

from bench_support import Cluster, cluster_cpu_seconds, cpu_seconds, parse_arguments, percentile, start_server
from tabletop_clients import (
    ACTIONS_PER_SECOND, DRAG_HZ, DRAG_PROCESSES, SEATS, STREAM_PROCESSES, TABLES, drag_number, make_tables,
    run_actions, run_drags, run_streams)

SATURATED = 0.9     # a client process busier than this share of a core may be the bottleneck
LOOP_DELAY = 10     # ms: a client event loop waking later than this (p99) blurs the client's times


# --- the server's CPU and the clients' results ------------------------------------------------

def sample(servers, cluster, children):
    """CPU seconds: each server, the cluster (or 0), each client process."""
    return ([cpu_seconds(process.pid) for _, process in servers] + [cluster_cpu_seconds(cluster) if cluster else 0.0]
            + [cpu_seconds(child.pid) for child in children])


def collect(results, children, kind, count):
    """The payloads of `count` messages of `kind` from the children, by child index."""
    got = {}
    while len(got) < count:
        try:
            message, index, payload = results.get(timeout=2)
        except queue.Empty:
            dead = [child for child in children if child.exitcode not in (None, 0)]
            if dead:
                raise SystemExit(f"a client process failed (exit status {dead[0].exitcode}) before it said {kind}")
            continue
        assert message == kind, (message, kind)
        got[index] = payload
    return got


def stats(values):
    return (f"p50 {percentile(values, 0.5) * 1000:.1f} ms, p99 {percentile(values, 0.99) * 1000:.1f} ms, "
            f"max {max(values, default=float('nan')) * 1000:.1f} ms")


def measure(label, stream_address, load_address, servers, cluster, seconds, target):
    """Runs both phases; prints the results; answers whether the targets were met."""
    tables = asyncio.run(make_tables(load_address))
    time.sleep(0.5)
    spawn = multiprocessing.get_context("spawn")
    results = spawn.Queue()
    children, controls = [], []

    def child(target_function, *arguments):
        control = spawn.Queue()
        process = spawn.Process(target=target_function, args=arguments + (control, results, len(children)))
        process.start()
        children.append(process)
        controls.append(control)
        return len(children) - 1

    streams = [{"table": table["id"], "seat": seat, "token": table["tokens"][seat - 1]}
               for table in tables for seat in range(2, SEATS + 1)]
    stream_children = [child(run_streams, stream_address, streams[part::STREAM_PROCESSES]) for part in range(STREAM_PROCESSES)]
    spread = [(table, number / TABLES / DRAG_HZ) for number, table in enumerate(tables)]
    drag_children = [child(run_drags, load_address, spread[part::DRAG_PROCESSES]) for part in range(DRAG_PROCESSES)]
    action_child = child(run_actions, load_address, tables)
    collect(results, children, "ready", len(children))

    start_at = time.monotonic() + 1.0
    actions_end = start_at + seconds
    drag_seconds = max(3.0, seconds / 2)
    end_at = actions_end + drag_seconds
    stop_at = end_at + 3
    for control in controls:
        control.put((start_at, actions_end, end_at, stop_at))
    # The drags-alone window starts once the last actions' events are out.
    alone_from = actions_end + 0.5
    marks, cpu = [start_at, actions_end, alone_from, end_at], []
    for mark in marks:
        time.sleep(max(0.0, mark - time.monotonic()))
        cpu.append(sample(servers, cluster, children))
    done = collect(results, children, "done", len(children))
    for process in children:
        process.join()

    sent, round_trips, late, holds = {}, [], [], []
    drag_errors, slots = collections.Counter(), collections.Counter()
    for index in drag_children:
        sent.update(done[index]["sent"])
        holds += done[index]["holds"]
        round_trips += done[index]["round_trips"]
        late += done[index]["late"]
        drag_errors.update(done[index]["errors"])
        slots.update(done[index]["slots"])
    actions = done[action_child]
    received = [stream for index in stream_children for stream in done[index]["streams"]]

    # Drags: each event matched to its POST by its place; sorted by the phase it was sent in.
    with_actions, alone, unmatched = [], [], 0
    arrived_alone = 0
    for stream in received:
        for x, y, arrived in stream["drags"]:
            sending = sent.get((stream["table"], drag_number(x, y)))
            if sending is None:
                unmatched += 1
                continue
            (with_actions if sending < actions_end else alone).append(arrived - sending)
            arrived_alone += alone_from <= arrived < end_at
    sent_alone_window = sum(alone_from <= sending < end_at for sending in sent.values())
    listeners = SEATS - 1

    # Actions: for each stream of the table but the acting seat's, the first event at or past it.
    action_latency, from_answer, missed, exact = [], [], 0, 0
    by_table = collections.defaultdict(list)
    for stream in received:
        by_table[stream["table"]].append(stream)
    for (table, version), (sending, answered, actor) in actions["answers"].items():
        for stream in by_table[table]:
            if stream["seat"] == actor:
                continue
            versions = [seen for seen, _ in stream["versions"]]
            index = bisect.bisect_left(versions, version)
            if index == len(versions):
                missed += 1
                continue
            exact += versions[index] == version
            action_latency.append(stream["versions"][index][1] - sending)
            from_answer.append(max(0.0, stream["versions"][index][1] - answered))
    pairs = len(action_latency) + missed
    ended = sum(stream["ended"] is not None and stream["ended"] < end_at for stream in received)
    skipped_views = sum(stream["events"].get("view", 0) - 1 for stream in received)

    # The server's CPU over the drags-alone window; the client's over the time each process worked.
    def used(first, last, column):
        return cpu[last][column] - cpu[first][column]
    window = end_at - alone_from
    instances = [used(2, 3, column) for column in range(len(servers))]
    mixed = sum(used(0, 1, column) for column in range(len(servers))) / seconds
    per_drag = sum(instances) / sent_alone_window * 1e6 if sent_alone_window else float("nan")
    per_event = sum(instances) / arrived_alone * 1e6 if arrived_alone else float("nan")
    clients = []
    for name, indices, last in (("streams", stream_children, 3), ("drags", drag_children, 3), ("actions", [action_child], 1)):
        for index in indices:
            share = used(0, last, len(servers) + 1 + index) / (marks[last] - marks[0])
            clients.append((name, share, percentile(done[index]["delays"], 0.99) * 1000))

    drag_p99 = percentile(with_actions, 0.99) * 1000
    action_p99 = percentile(action_latency, 0.99) * 1000
    arrived = len(with_actions) + len(alone)
    print(f"{label}: {len(tables)} tables, {len(received)} felt streams (seats 2-{SEATS}); {seconds:g} s of drags "
          f"at {DRAG_HZ} Hz with {ACTIONS_PER_SECOND} actions/s, then {drag_seconds:g} s of drags alone")
    print(f"  drags: {len(sent)} accepted ({len(sent) / (end_at - start_at):.0f}/s) of {sum(slots.values())} slots; "
          + ", ".join(f"{count} {what}" for what, count in slots.items() if what != "sent")
          + f"; {sum(drag_errors.values())} refused or failed; answers took p50 {percentile(round_trips, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(round_trips, 0.99) * 1000:.1f} ms (hold renewals' p99 {percentile(holds, 0.99) * 1000:.1f} ms, "
          f"max {max(holds, default=float('nan')) * 1000:.1f} ms)")
    print(f"  drag events arrived: {arrived} of {len(sent) * listeners} (drags x {listeners} streams: "
          f"{arrived / max(1, len(sent) * listeners):.0%}; the rest were dropped, not missed: a seat's drags go out 30 a "
          f"second and a stream gets the newest), "
          f"{unmatched} unmatched")
    print(f"  drag sent -> drag event, with actions: {stats(with_actions)} ({len(with_actions)} events)")
    print(f"  drag sent -> drag event, drags alone:  {stats(alone)} ({len(alone)} events)")
    print(f"  actions: {len(actions['answers'])} answered of {actions['total']} ({len(actions['answers']) / seconds:.0f}/s), "
          f"{sum(actions['errors'].values())} refused or failed; sent after their slot by p99 "
          f"{percentile(actions['late'], 0.99) * 1000:.1f} ms")
    print(f"  action sent -> change event at the other seats: {stats(action_latency)} ({len(action_latency)} of "
          f"{pairs} (action, stream) pairs; {len(action_latency) - exact} seen through a later version, {missed} never "
          f"seen); from the answer instead: p50 {percentile(from_answer, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(from_answer, 0.99) * 1000:.1f} ms")
    print(f"  streams: {skipped_views} whole views after the first (a stream that fell behind), {ended} ended early")
    for what, count in sorted((drag_errors + actions["errors"]).items(), key=lambda item: -item[1])[:8]:
        print(f"    refused or failed: {count} x {what}")
    part = (f" (the streams' instance {instances[0] / window:.0%}, the drags' {instances[1] / window:.0%}; "
            f"PostgreSQL {used(2, 3, len(servers)) / window:.0%})" if cluster else "")
    print(f"  server CPU: {mixed:.0%} of a core with the actions; drags alone ({window:.1f} s, "
          f"{sent_alone_window / window:.0f} drags/s, {arrived_alone / window:.0f} drag events/s delivered): "
          f"{sum(instances) / window:.0%}{part}")
    print(f"  server CPU per drag: {per_drag:.0f} us per drag sent, {per_event:.0f} us per drag event delivered "
          f"(deck-server's utime+stime over the drags-alone window, over the drags sent, or the events that arrived, "
          f"in it; hold renewals included"
          + (f"; PostgreSQL's own processes add {used(2, 3, len(servers)) / max(1, sent_alone_window) * 1e6:.0f} us "
             f"per drag sent)" if cluster else ")"))

    busy = [f"{name} {share:.0%}" for name, share, _ in clients if share >= SATURATED]
    slow = [f"{name} {delay:.0f} ms" for name, _, delay in clients if delay >= LOOP_DELAY]
    verdict = "SATURATED: " + ", ".join(busy) + " of a core, the client may be the bottleneck" if busy else "not saturated"
    if slow:
        verdict += ("; but its event loops woke late (p99 " + ", ".join(slow)
                    + "): the machine is short of CPU, and the times above carry that much of the client's own delay")
    print("  client CPU: " + ", ".join(f"{name} {share:.0%}" for name, share, _ in clients)
          + f" of a core; drags sent after their slot by p99 {percentile(late, 0.99) * 1000:.1f} ms; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: {verdict}")
    met = drag_p99 < target and action_p99 < target and missed == 0
    print(f"  target p99 < {target} ms for drags ({drag_p99:.1f} ms) and actions ({action_p99:.1f} ms), "
          f"no action unseen: {'met' if met else 'NOT met'}")
    return met


def main():
    arguments, binary, work = parse_arguments(__doc__, "deck-bench-drags-")
    servers = []
    failed = False
    try:
        if arguments.only != "postgres":
            process, address = start_server(binary, work, ["--data", os.path.join(work, "data")])
            servers.append(process)
            failed |= not measure("one instance, SQLite", address, address, [("sqlite", process)], None,
                                  arguments.seconds, 50)
            process.terminate()
            process.wait()
        if arguments.only != "sqlite":
            cluster = Cluster(prefix="deck-bench-drags-")
            try:
                first, first_address = start_server(binary, work, ["--database", cluster.url])
                second, second_address = start_server(binary, work, ["--database", cluster.url])
                servers += [first, second]
                failed |= not measure(
                    "two instances, PostgreSQL (streams on one, drags and actions through the other)",
                    first_address, second_address, [("streams", first), ("load", second)], cluster,
                    arguments.seconds, 150)
            finally:
                for process in servers:
                    process.terminate()
                    process.wait()
                cluster.remove()
    finally:
        for process in servers:
            if process.poll() is None:
                process.kill()
        for name in sorted(os.listdir(work)):
            if name.endswith(".log") and os.path.getsize(os.path.join(work, name)):
                with open(os.path.join(work, name)) as log:
                    lines = log.read().splitlines()
                print(f"{name}: {len(lines)} lines logged at warning or above; the last:")
                for line in lines[-5:]:
                    print(f"    {line[:300]}")
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
