#!/usr/bin/env python3
"""The connection-layer attacks of issue 41 against a deck-server, each beside a victim measured
before and during it in the same run (a keep-alive client of its own address, 127.0.0.2, in a
process of its own, drawing from a deck), as a ratio:

- bytes pipelined after a stream's request: 4 connections open a stream each and then send
  GETs as fast as they can (F2); the server's memory before and after;
- 300 idle connections from one address on a server of --max-connections 300 (F5);
- framing the parser rejects, and a head over the limit: how soon each is answered (F7);
- SIGTERM with 200 open streams: how many end with the chunked end (F6).

    python3 Server/Benchmarks/bench-connection-attacks.py Server/.build/release/deck-server

Background floods and uploads (F1, F4) are in bench-backgrounds.py.
"""
import asyncio, json, os, signal, socket, subprocess, sys, tempfile, time, urllib.request

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

VICTIM = r"""
import socket, sys, time
port, path, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
s = socket.socket(); s.bind(("127.0.0.2", 0)); s.connect(("127.0.0.1", port))
raw = f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode(); lat = []; end = time.monotonic() + seconds
while time.monotonic() < end:
    t0 = time.monotonic(); s.sendall(raw); buf = b""
    while b"\r\n\r\n" not in buf: buf += s.recv(65536)
    head, _, body = buf.partition(b"\r\n\r\n")
    n = int([l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0])
    while len(body) < n: body += s.recv(65536)
    lat.append((time.monotonic() - t0) * 1000)
lat.sort()
print(f"{len(lat)/seconds:.0f} {lat[len(lat)//2]:.2f} {lat[int(len(lat)*0.99)]:.2f}")
"""

async def victim(port, path, seconds):
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", VICTIM, str(port), path, str(seconds), stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    rate, p50, p99 = out.decode().split()
    return float(rate), float(p50), float(p99)

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

async def main():
    process, base, port = start()
    await bytes_after_streams(port, base, process.pid)
    await malformed(port)
    await streams_on_stop(process, port, base)
    process, base, port = start("--max-connections", "300")
    await idle_connections(port)
    process.terminate(); process.wait()

asyncio.run(main())
