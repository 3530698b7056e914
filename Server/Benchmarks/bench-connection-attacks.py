#!/usr/bin/env python3
"""The connection-layer attacks of issue 41 against a deck-server, each beside a victim measured
before and during it in the same run (a keep-alive client of its own address, 127.0.0.2, in a
process of its own, drawing from a deck), as a ratio:

- bytes pipelined after a stream's request: 4 connections open a stream each and then send
  GETs as fast as they can (F2); the server's memory before and after;
- 300 idle connections from one address on a server of --max-connections 300 (F5);
- framing the parser rejects, and a head over the limit: how soon each is answered (F7);
- SIGTERM with 200 open streams: how many end with the chunked end (F6);
- the background upload route: an anonymous flood of 4 MB heads, 100 uploads held from one
  address, bodies of 4 MB sent whole from 4 addresses, bytes pipelined after an upload, and 50
  readers of a background that never read; the server's memory before and after each.

    python3 Server/Benchmarks/bench-connection-attacks.py Server/.build/release/deck-server

Background floods and uploads (F1, F4) are in bench-backgrounds.py.
"""
import asyncio, json, os, signal, socket, subprocess, sys, tempfile, time, urllib.request

import bench_support

binary = sys.argv[1]

def start(*extra):
    work = tempfile.mkdtemp(prefix="deck-bench-attacks-")
    log = open(os.path.join(work, "log"), "w+")
    process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--data", work, "--log-level", "warning",
                                "--creations-per-minute", "0", *extra], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(400):
        log.seek(0); text = log.read()
        if "listening on" in text: break
        time.sleep(0.05)
    base = text.split("listening on ")[1].split()[0]
    return process, base, int(base.rsplit(":", 1)[1])

def call(base, method, path, data=None):
    request = urllib.request.Request(base + path, method=method, data=data)
    with urllib.request.urlopen(request, timeout=30) as answer: return json.loads(answer.read())

def resident(pid):
    return int([line for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS")][0].split()[1]) // 1024

async def victim(port, path, seconds):
    return await bench_support.victim("127.0.0.1", port, path, seconds, source="127.0.0.2")

async def beside(name, port, path, attack, seconds=5):
    before = await victim(port, path, 3)
    during, said = await asyncio.gather(victim(port, path, seconds), attack(seconds))
    print(f"{name}\n  victim before  {before[0]:8,.0f}/s  p50 {before[1]:.2f} ms  p99 {before[2]:.2f} ms"
          f"\n  victim during  {during[0]:8,.0f}/s  p50 {during[1]:.2f} ms  p99 {during[2]:.2f} ms   ratio {during[0] / before[0]:.2f}\n  attacker       {said}")

async def bytes_after_streams(port, base, pid):
    table = call(base, "POST", "/api/table/new/", b"name=Ann")
    path = f"/api/table/{table['table_id']}/events?token={table['seat']['token']}"
    async def attack(seconds):
        rss = resident(pid)
        flood = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" * 2000
        async def one():
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()); await writer.drain()
            await reader.readuntil(b"id: 1\n")
            sent, end = 0, time.monotonic() + seconds
            try:
                while time.monotonic() < end:
                    writer.write(flood); await asyncio.wait_for(writer.drain(), seconds); sent += len(flood)
            except Exception: pass
            writer.close()
            return sent
        sent = await asyncio.gather(*[one() for _ in range(4)])
        return f"4 connections sent {', '.join(f'{s / 1024:.0f} KiB' for s in sent)} before the server closed them; server memory {rss} → {resident(pid)} MiB"
    await beside("F2: bytes pipelined after a stream's request, 4 connections", port, "/healthz", attack)

async def idle_connections(port):
    async def attack(seconds):
        held = []
        for _ in range(300):
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                held.append((reader, writer))
            except Exception: break
        await asyncio.sleep(0.5)
        open_now = 0
        for reader, _ in held:
            try:
                await asyncio.wait_for(reader.read(1), 0.001)
            except asyncio.TimeoutError:
                open_now += 1
            except Exception:
                pass
        await asyncio.sleep(seconds - 0.5)
        for _, writer in held: writer.close()
        return f"300 idle connections from 127.0.0.1: {open_now} kept open, the rest closed when accepted"
    await beside("F5: 300 idle connections from one address, --max-connections 300", port, "/healthz", attack)

async def malformed(port):
    cases = {
        "Content-Length beside Transfer-Encoding": b"POST /api/deck/new/ HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "two Content-Lengths": b"POST /api/deck/new/ HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
        "Transfer-Encoding: chunked, identity": b"POST /api/deck/new/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n",
        "an obs-folded header": b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n",
        "bare LF": b"GET /healthz HTTP/1.1\nHost: x\n\n",
        "Content-Length: +0": b"POST /api/deck/new/ HTTP/1.1\r\nHost: x\r\nContent-Length: +0\r\n\r\n",
        "a 200 KB head": b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n",
        "HTTP/2's preface": b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    }
    print("F7: framing the parser rejects (the head timeout is 10 s)")
    for name, raw in cases.items():
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        started = time.monotonic()
        try:
            writer.write(raw); await writer.drain()
        except Exception: pass
        answer = await asyncio.wait_for(reader.read(), 15)
        took = (time.monotonic() - started) * 1000
        status = answer.split(b"\r\n")[0].decode() or "(nothing)"
        print(f"  {name:40} {status:40} then closed, after {took:.1f} ms")
        writer.close()

async def streams_on_stop(process, port, base):
    table = call(base, "POST", "/api/table/new/", b"name=Ann")
    path = f"/api/table/{table['table_id']}/felt/events"
    streams = []
    for index in range(200):
        sock = socket.socket(); sock.bind((f"127.0.0.{10 + index // 25}", 0)); sock.connect(("127.0.0.1", port))
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        streams.append(sock)
    for sock in streams:
        data = b""
        while b"retry: 2000" not in data: data += sock.recv(65536)
    process.send_signal(signal.SIGTERM)
    ended = 0
    for sock in streams:
        sock.settimeout(20); data = b""
        try:
            while chunk := sock.recv(65536): data += chunk
        except Exception: pass
        ended += data.endswith(b"0\r\n\r\n")
    code = process.wait()
    print(f"F6: SIGTERM with 200 open streams: {ended} of 200 ended with the chunked end; exit {code}")

UPLOAD_HEAD = "POST /api/table/{table}/felt/background HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\n{auth}Content-Length: {length}\r\n\r\n"

async def answer_status(reader, timeout=30):
    """The status of the next answer on `reader`, its body read too."""
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
    length = [line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")]
    if length: await asyncio.wait_for(reader.readexactly(int(length[0])), timeout)
    return int(head.split(b" ", 2)[1])

async def connect_from(source, port):
    sock = socket.socket(); sock.bind((source, 0)); sock.connect(("127.0.0.1", port)); sock.setblocking(False)
    return await asyncio.open_connection(sock=sock)

async def uploads(port, base, pid, work):
    table = call(base, "POST", "/api/table/new/", b"name=Ann")
    tid, token = table["table_id"], table["seat"]["token"]
    auth = f"Authorization: Bearer {token}\r\n"

    def anonymous(head, what):
        async def attack(seconds):
            rss, counts, end = resident(pid), {}, time.monotonic() + seconds
            async def one():
                while time.monotonic() < end:
                    reader, writer = await asyncio.open_connection("127.0.0.1", port)
                    writer.write(head.encode())
                    status = await answer_status(reader)
                    counts[status] = counts.get(status, 0) + 1
                    writer.close()
            await asyncio.gather(*(one() for _ in range(16)))
            return f"{sum(counts.values()) / seconds:,.0f} {what}/s answered {counts}; RSS {rss} -> {resident(pid)} MiB"
        return attack
    # The same flood on a route that was there before: what a connection a request costs anyway.
    await beside("U0: control, an anonymous flood of the felt's colour route, a connection a request, 16 at once", port, "/healthz",
                 anonymous(f"POST /api/table/{tid}/felt/colour HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", "anonymous colour changes"))
    await beside("U1: an anonymous flood of the upload route, a connection a request, 16 at once", port, "/healthz",
                 anonymous(UPLOAD_HEAD.format(table=tid, auth="", length=4_000_000), "anonymous 4 MB heads, none read,"))

    async def held_from_one_address(seconds):
        rss, held, statuses = resident(pid), [], {}
        for _ in range(100):
            reader, writer = await connect_from("127.0.0.3", port)
            writer.write(UPLOAD_HEAD.format(table=tid, auth=auth, length=4_000_000).encode() + b"x" * 1024)
            held.append((reader, writer))
        await asyncio.sleep(1)
        for reader, _ in held:
            try:
                status = await answer_status(reader, 0.01)
            except Exception:
                status = "held"
            statuses[status] = statuses.get(status, 0) + 1
        await asyncio.sleep(max(0, seconds - 1.5))
        for _, writer in held: writer.close()
        return f"100 uploads of 4 MB from 127.0.0.3, each stalled after 1 KiB: {statuses}; RSS {rss} -> {resident(pid)} MiB"
    await beside("U2: 100 uploads held from one address", port, "/healthz", held_from_one_address)

    async def whole_bodies(seconds):
        rss, counts, end = resident(pid), {}, time.monotonic() + seconds
        body = os.urandom(4_000_000)
        async def one(source):
            reader, writer = await connect_from(source, port)
            while time.monotonic() < end:
                writer.write(UPLOAD_HEAD.format(table=tid, auth=auth, length=len(body)).encode() + body)
                status = await answer_status(reader)
                counts[status] = counts.get(status, 0) + 1
            writer.close()
        await asyncio.gather(*(one(f"127.0.0.{4 + i}") for i in range(4)))
        big = socket.create_connection(("127.0.0.1", port))
        big.sendall(UPLOAD_HEAD.format(table=tid, auth=auth, length=500_000_000).encode())
        large = big.recv(4096).split(b" ", 2)[1].decode(); big.close()
        return (f"{sum(counts.values()) / seconds:.1f} random 4 MB bodies/s sent whole from 4 addresses, answered {counts}; "
                f"a 500 MB Content-Length answered {large}; RSS {rss} -> {resident(pid)} MiB")
    await beside("U3: large bodies", port, "/healthz", whole_bodies)

    async def pipelined(seconds):
        rss = resident(pid)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        body = os.urandom(100_000)
        writer.write(UPLOAD_HEAD.format(table=tid, auth=auth, length=len(body)).encode() + body + b"\x00junk" * 400_000)
        first = await answer_status(reader)
        rest = await asyncio.wait_for(reader.read(), 10)
        second = rest.split(b"\r\n\r\n", 1)[0].split(b"\r\n")[0].decode(errors="replace") if b"HTTP/1.1" in rest else "nothing"
        closed = reader.at_eof()
        writer.close()
        await asyncio.sleep(seconds)
        return f"an upload then 2 MB of junk on its connection: {first}, then '{second}', closed {closed}; RSS {rss} -> {resident(pid)} MiB"
    await beside("U4: bytes pipelined after an upload", port, "/healthz", pipelined)

    image = os.path.join(work, "noise.png")
    subprocess.run(["convert", "-size", "1000x1000", "xc:", "+noise", "Random", "-depth", "8", image], check=True)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    png = open(image, "rb").read()
    writer.write(UPLOAD_HEAD.format(table=tid, auth=auth, length=len(png)).encode() + png)
    head = await reader.readuntil(b"\r\n\r\n")
    length = int([line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")][0])
    answer = json.loads(await reader.readexactly(length))
    writer.close()
    if "felt" not in answer: raise SystemExit(f"the background upload was refused: {head.decode()} {answer}")
    path = answer["felt"]["background"]
    path = path if path.startswith("/") else "/" + path.split("/", 3)[3]

    async def never_read(seconds):
        rss, socks = resident(pid), []
        for _ in range(50):
            sock = socket.socket(); sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", port)); sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            socks.append(sock)
        await asyncio.sleep(seconds / 2)
        during = resident(pid)
        await asyncio.sleep(seconds / 2)
        for sock in socks: sock.close()
        return f"50 readers of a {os.path.getsize(image) / 1e6:.1f} MB PNG background that never read: RSS {rss} -> {during} MiB during"
    await beside("U5: readers of a background that never read", port, "/healthz", never_read)

async def main():
    process, base, port = start()
    await bytes_after_streams(port, base, process.pid)
    await malformed(port)
    await streams_on_stop(process, port, base)
    process, base, port = start()
    await uploads(port, base, process.pid, tempfile.mkdtemp(prefix="deck-bench-uploads-"))
    process.terminate(); process.wait()
    process, base, port = start("--max-connections", "300")
    await idle_connections(port)
    process.terminate(); process.wait()

asyncio.run(main())
