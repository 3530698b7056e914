"""The clients of bench-tabletop-drags.py, each run in a process of its own: the tables they
share, seat 1's drags and hold renewals, the actions, and the felt streams that time both.

A drag's position is its number, so that every drag event is matched to its POST.
"""

import asyncio
import collections
import json
import math
import random
import time

from bench_support import Connection

TABLES = 100
SEATS = 4
DRAG_HZ = 30
ACTIONS_PER_SECOND = 200
HOLD_RENEWAL = 2.0
STREAM_PROCESSES = 2
DRAG_PROCESSES = 2
IN_FLIGHT = 4       # drags of one table unanswered at once at most (a browser opens up to 6 connections)


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
