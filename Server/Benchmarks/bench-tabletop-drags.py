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
import json
import math
import multiprocessing
import os
import queue
import random
import shutil
import sys
import time

from bench_support import Cluster, Connection, parse_arguments, percentile, start_server

TABLES = 100
SEATS = 4
DRAG_HZ = 30
ACTIONS_PER_SECOND = 200
HOLD_RENEWAL = 2.0
STREAM_PROCESSES = 2
DRAG_PROCESSES = 2
IN_FLIGHT = 4       # drags of one table unanswered at once at most (a browser opens up to 6 connections)
SATURATED = 0.9     # a client process busier than this share of a core may be the bottleneck
LOOP_DELAY = 10     # ms: a client event loop waking later than this (p99) blurs the client's times


# --- a drag's position is its number: x counts up by 0.1 from 100, y by 1 from 300 --------------

def drag_query(number):
    return f"x={100 + (number % 8000) / 10:.1f}&y={300 + number // 8000}"


def drag_number(x, y):
    return round((x - 100) * 10) + 8000 * round(y - 300)


def refusal(errors, what, status, answer):
    message = answer.get("error", answer) if isinstance(answer, dict) else answer
    errors[f"{what} {status}: {str(message)[:160]}"] += 1


async def make_tables(address):
    """Tables of four seats, each with two stacks of five cards split off the deck: one for
    seat 1 to drag, one for the actions."""
    connection = Connection(address)
    tables = []
    for _ in range(TABLES):
        status, answer = await connection.request("POST", f"/api/table/new/?name=P1&seats={SEATS}")
        assert status == 200, answer
        table = {"id": answer["table_id"], "tokens": [answer["seat"]["token"]]}
        for player in range(2, SEATS + 1):
            status, joined = await connection.request("POST", f"/api/table/{table['id']}/join/?name=P{player}")
            assert status == 200, joined
            table["tokens"].append(joined["seat"]["token"])
        for role, (x, y) in (("dragged", (300, 300)), ("acted", (600, 400))):
            status, split = await connection.request(
                "POST", f"/api/table/{table['id']}/felt/split/?stack=deck&count=5&x={x}&y={y}", table["tokens"][0])
            assert status == 200, split
            table[role] = next(stack for stack in split["changed"]["stacks"] if stack != "deck")
        tables.append(table)
    connection.writer.close()
    return tables


async def watch_loop(until, delays):
    """How late this process's event loop wakes from 10 ms sleeps: busy, or waiting for a CPU."""
    while (now := time.monotonic()) < until:
        await asyncio.sleep(0.01)
        delays.append(time.monotonic() - now - 0.01)


async def next_control(control):
    return await asyncio.get_running_loop().run_in_executor(None, control.get)


# --- the drags: seat 1 of each table, 30 a second, its hold renewed every 2 s -------------------

def run_drags(address, tables, control, results, index):
    """`tables` are (table, offset): the table's drags go at offset + k / 30 s from the start."""
    async def main():
        sent, round_trips, late, holds, errors = {}, [], [], [], collections.Counter()
        slots = collections.Counter()
        holders = [Connection(address) for _ in tables]
        # Hold every stack once before the start, so that the first drags are the holder's.
        for connection, (table, _) in zip(holders, tables):
            status, answer = await connection.request(
                "POST", f"/api/table/{table['id']}/felt/hold/?stack={table['dragged']}", table["tokens"][0])
            assert status == 200, answer
        results.put(("ready", index, None))
        start_at, _, end_at, _ = await next_control(control)

        async def hold(connection, table):
            path = f"/api/table/{table['id']}/felt/hold/?stack={table['dragged']}"
            # Renewed at once (the first hold may be near its end), then every 2 s from a random
            # point of the period, however long the answers take.
            due = time.monotonic() - random.uniform(0, HOLD_RENEWAL)
            while (now := time.monotonic()) < end_at:
                try:
                    status, answer = await connection.request("POST", path, table["tokens"][0])
                    holds.append(time.monotonic() - now)
                    if status != 200:
                        refusal(errors, "hold", status, answer)
                except (OSError, asyncio.IncompleteReadError) as error:
                    errors[f"hold: {error!r}"] += 1
                    connection = Connection(address)
                due += HOLD_RENEWAL
                await asyncio.sleep(max(0.0, due - time.monotonic()))

        async def send(connection, idle, path, table, number):
            sending = time.monotonic()
            try:
                status, answer = await connection.request("POST", path + drag_query(number), table["tokens"][0])
                round_trips.append(time.monotonic() - sending)
                if status == 200:
                    sent[(table["id"], number)] = sending
                else:
                    refusal(errors, "drag", status, answer)
            except (OSError, asyncio.IncompleteReadError) as error:
                errors[f"drag: {error!r}"] += 1
                connection = Connection(address)
            idle.append(connection)

        async def drag(table, offset):
            """Sends at every slot, as a page would, without waiting for the answers, on up to
            IN_FLIGHT connections; a slot that finds them all busy is skipped."""
            idle = [Connection(address) for _ in range(IN_FLIGHT)]
            path = f"/api/table/{table['id']}/felt/drag/?stack={table['dragged']}&"
            pending, slot, number = set(), 0, 0
            while (due := start_at + offset + slot / DRAG_HZ) < end_at:
                delay = due - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                now = time.monotonic()
                late.append(now - due)
                # A client that woke after later slots had come sends the newest one only.
                newest = max(slot, math.floor((now - start_at - offset) * DRAG_HZ))
                slots["missed by the client"] += newest - slot
                slot = newest + 1
                if not idle:
                    slots["skipped, all connections waiting"] += 1
                    continue
                slots["sent"] += 1
                task = asyncio.create_task(send(idle.pop(), idle, path, table, number))
                pending.add(task)
                task.add_done_callback(pending.discard)
                number += 1
            await asyncio.gather(*pending)

        delays = []
        await asyncio.gather(
            watch_loop(end_at, delays),
            *(hold(connection, table) for connection, (table, _) in zip(holders, tables)),
            *(drag(table, offset) for table, offset in tables))
        results.put(("done", index, {"sent": sent, "round_trips": round_trips, "late": late, "holds": holds, "errors": errors,
                                      "slots": slots, "delays": delays}))

    asyncio.run(main())


# --- the actions: 200 a second across the tables, arrange or flip the second stack -------------

def run_actions(address, tables, control, results, index):
    """Sends each action at its time without waiting for earlier answers, as the players would:
    each seat has its own connection, and an action whose seat still waits for an answer is
    counted and not sent."""
    async def main():
        answers, late, errors = {}, [], collections.Counter()
        connections = {(table["id"], seat): Connection(address) for table in tables for seat in range(SEATS)}
        results.put(("ready", index, None))
        start_at, actions_end, _, _ = await next_control(control)
        total = int((actions_end - start_at) * ACTIONS_PER_SECOND)

        async def act(connection, table, seat, due):
            felt = f"/api/table/{table['id']}/felt"
            if random.random() < 0.5:
                path = f"{felt}/arrange/?stack={table['acted']}&x={random.randint(450, 950)}&y={random.randint(50, 650)}"
            else:
                path = f"{felt}/flip/?stack={table['acted']}"
            sending = time.monotonic()
            late.append(sending - due)
            try:
                status, answer = await connection.request("POST", path, table["tokens"][seat])
                if status == 200:
                    answers[(table["id"], answer["version"])] = (sending, time.monotonic(), seat + 1)
                else:
                    refusal(errors, path.split("/")[5], status, answer)
            except (OSError, asyncio.IncompleteReadError) as error:
                errors[f"action: {error!r}"] += 1
                connection = Connection(address)
            connections[(table["id"], seat)] = connection

        async def pace():
            pending = set()
            for number in range(total):
                due = start_at + number / ACTIONS_PER_SECOND
                delay = due - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                table, seat = random.choice(tables), random.randrange(SEATS)
                if (table["id"], seat) not in connections:
                    errors["action not sent: its seat still waited for an answer"] += 1
                    continue
                task = asyncio.create_task(act(connections.pop((table["id"], seat)), table, seat, due))
                pending.add(task)
                task.add_done_callback(pending.discard)
            await asyncio.gather(*pending)

        delays = []
        await asyncio.gather(watch_loop(actions_end, delays), pace())
        results.put(("done", index, {"answers": answers, "late": late, "errors": errors, "total": total, "delays": delays}))

    asyncio.run(main())


# --- the streams: every event's version, every drag's place, and when they arrived --------------

async def read_stream(address, stream, opened):
    """Reads one felt stream into `stream`: (version, time) of each view and change, (x, y, time)
    of each drag."""
    reader, writer = await asyncio.open_connection(*address, limit=1 << 22)
    path = f"/api/table/{stream['table']}/felt/events?token={stream['token']}"
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {address[0]}:{address[1]}\r\nAccept: text/event-stream\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 200 " not in head.split(b"\r\n", 1)[0]:
        raise SystemExit(f"stream refused: {head!r}")
    opened.append(writer)
    versions, drags = stream["versions"], stream["drags"]
    rest, event = b"", None
    # Lines are read whatever the chunked framing: its size lines and CRLFs match no field.
    while True:
        block = await reader.read(1 << 16)
        now = time.monotonic()
        if not block:
            stream["ended"] = now
            return
        lines = (rest + block).split(b"\n")
        rest = lines.pop()
        for line in lines:
            if line.startswith(b"event: "):
                event = line[7:].rstrip(b"\r")
                stream["events"][event.decode()] += 1
            elif line.startswith(b"id: "):
                versions.append((int(line[4:]), now))
            elif line.startswith(b"data: ") and event == b"drag":
                data = json.loads(line[6:])
                drags.append((data["x"], data["y"], now))
            elif not line.strip():
                event = None


def run_streams(address, streams, control, results, index):
    async def main():
        for stream in streams:
            stream.update(versions=[], drags=[], events=collections.Counter(), ended=None)
        opened = []
        tasks = [asyncio.create_task(read_stream(address, stream, opened)) for stream in streams]
        while len(opened) < len(tasks):
            await asyncio.sleep(0.05)
            for task in tasks:
                if task.done() and task.exception():
                    raise task.exception()
        results.put(("ready", index, None))
        start_at, _, end_at, stop_at = await next_control(control)
        delays = []
        await watch_loop(end_at, delays)
        await asyncio.sleep(max(0.0, stop_at - time.monotonic()))
        for writer in opened:
            writer.close()
        for task in tasks:
            task.cancel()
        for stream in streams:
            stream["events"] = dict(stream["events"])
        results.put(("done", index, {"streams": streams, "delays": delays}))

    asyncio.run(main())


# --- the server's CPU: this process's own and, for PostgreSQL, the cluster's --------------------

def cpu_seconds(pid, children=False):
    """utime + stime of `pid` (and of its waited-for children, with `children`), in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12]) + ((int(fields[13]) + int(fields[14])) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def cluster_cpu_seconds(cluster):
    """The CPU seconds of the cluster's postmaster, its live children and those it waited for."""
    with open(f"{cluster.folder}/data/postmaster.pid") as pidfile:
        postmaster = int(pidfile.readline())
    total = cpu_seconds(postmaster, children=True)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
                if parent == postmaster:
                    total += cpu_seconds(int(entry))
            except (OSError, ValueError):
                pass
    return total


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
