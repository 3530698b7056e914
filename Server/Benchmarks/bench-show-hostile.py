#!/usr/bin/env python3
"""Hostile probes of POST /api/table/<id>/felt/show/ against a release deck-server, each beside a
victim (a seated player's keep-alive GET of another table's felt, in a process of its own, from an
address of its own, 127.0.0.2, so that the per-address limits the attacks meet are not its) measured
before and during it in the same run: an anonymous flood (and the same flood of hold/ to compare),
a seated flood of shows, a 20 MiB body, bytes pipelined after a request, 1,500 idle connections
from one address, and sockets that pipeline thousands of shows and never read.

    python3 Server/Benchmarks/bench-show-hostile.py Server/.build/release/deck-server
"""
import asyncio, json, os, socket, subprocess, sys, tempfile, time, urllib.request

import bench_support

binary = sys.argv[1]
work = tempfile.mkdtemp()
log = open(os.path.join(work, "log"), "w+")
proc = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--data", work, "--log-level", "warning"], stdout=log, stderr=subprocess.STDOUT)
for _ in range(200):
    log.seek(0); t = log.read()
    if "listening on" in t: break
    time.sleep(0.05)
base = t.split("listening on ")[1].split()[0]
host, port = base.replace("http://", "").split(":"); port = int(port)

def call(method, path, data=None, token=None):
    req = urllib.request.Request(base + path, method=method, data=data)
    if token: req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as r: return r.status, r.read()
    except urllib.error.HTTPError as e: return e.code, e.read()

s, b = call("POST", "/api/table/new/", b"name=Ann&seats=2"); b = json.loads(b)
table, token = b["table_id"], b["seat"]["token"]
call("POST", f"/api/table/{table}/felt/deal/", b"count=5", token)
s, b = call("POST", "/api/table/new/", b"name=Vic&seats=2"); b = json.loads(b)
vtable, vtoken = b["table_id"], b["seat"]["token"]

async def request(raw):
    r, w = await asyncio.open_connection(host, port)
    w.write(raw); await w.drain()
    head = await r.readuntil(b"\r\n\r\n")
    length = int([l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0] or 0)
    await r.readexactly(length)
    w.close()
    return int(head.split()[1])

def post(path, body, token=None, extra=b""):
    h = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
    if token: h += f"Authorization: Bearer {token}\r\n"
    return (h + "Connection: close\r\n\r\n").encode() + body + extra

async def victim(seconds):
    lat = []; codes = {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.monotonic()
        c = await request(f"GET /api/table/{vtable}/felt/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {vtoken}\r\nConnection: close\r\n\r\n".encode())
        lat.append((time.monotonic() - t0) * 1000); codes[c] = codes.get(c, 0) + 1
    lat.sort()
    return f"victim felt GET: {len(lat)/seconds:,.0f}/s p50 {lat[len(lat)//2]:.2f} ms p99 {lat[int(len(lat)*0.99)]:.2f} ms {codes}"

async def flood(raw, clients, seconds):
    counts = {}
    end = time.monotonic() + seconds
    async def one():
        while time.monotonic() < end:
            try: c = await request(raw)
            except Exception as e: c = type(e).__name__
            counts[c] = counts.get(c, 0) + 1
    await asyncio.gather(*[one() for _ in range(clients)])
    return {k: f"{v/seconds:,.0f}/s" for k, v in counts.items()}

async def victim_process(seconds):
    rate, p50, p99 = await bench_support.victim(host, port, f"/api/table/{vtable}/felt/", seconds, source="127.0.0.2", headers=[f"Authorization: Bearer {vtoken}"])
    return f"victim felt GET (own process, keep-alive): {rate:,.0f}/s p50 {p50:.2f} ms p99 {p99:.2f} ms"

async def scenario(name, attack):
    base_line = await victim_process(3)
    res = await asyncio.gather(victim_process(4), attack())
    print(f"{name}\n  baseline  {base_line}\n  under it  {res[0]}\n  attacker  {res[1]}")

async def main():
    path = f"/api/table/{table}/felt/show/"
    await scenario("anonymous flood of show/ (no token), 32 connections", lambda: flood(post(path, b"shown=true"), 32, 4))
    await scenario("for comparison, the same anonymous flood of the older hold/", lambda: flood(post(f"/api/table/{table}/felt/hold/", b"stack=deck"), 32, 4))
    await scenario("seated flood of show/ toggling (valid token, writes), 16 connections",
                   lambda: flood(post(path, b"shown=true", token), 8, 4))
    # Large body: 20 MiB claimed and sent.
    r, w = await asyncio.open_connection(host, port)
    big = 20 * 1024 * 1024
    w.write(f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {big}\r\n\r\n".encode())
    t0 = time.monotonic()
    try:
        w.write(b"shown=true&" + b"a" * (1024 * 1024)); await w.drain()
        head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 10)
        line = head.split(b"\r\n")[0].decode()
        print(f"large body (20 MiB announced): {line} after {(time.monotonic()-t0)*1000:.0f} ms")
    except Exception as e:
        print("large body:", type(e).__name__)
    w.close()
    # Pipelined bytes after the request.
    r, w = await asyncio.open_connection(host, port)
    w.write(post(path, b"shown=false", token).replace(b"Connection: close\r\n", b"") + b"GARBAGE \x00\x01 not http\r\n\r\n")
    await w.drain()
    data = await asyncio.wait_for(r.read(1 << 16), 10)
    rest = b""
    try: rest = await asyncio.wait_for(r.read(1 << 16), 5)
    except Exception: pass
    print("pipelined garbage after a show: first answer", data.split(b"\r\n")[0].decode(), "| then", (rest.split(b"\r\n")[0].decode() or "closed"))
    w.close()
    # Many connections from one address, idle.
    async def idle_conns():
        conns = []
        for _ in range(1500):
            try: conns.append(await asyncio.open_connection(host, port))
            except Exception: break
        await asyncio.sleep(4)
        for _, w in conns: w.close()
        return f"{len(conns)} idle connections held"
    await scenario("1,500 idle connections from one address", idle_conns)
    # A reader that never reads: pipelined shows on one socket, answers never read.
    async def never_reads():
        socks, reset = [], 0
        for _ in range(20):
            s = socket.create_connection((host, port)); s.setblocking(False)
            one = post(path, b"shown=true", token).replace(b"Connection: close\r\n", b"")
            try:
                for _ in range(2000): s.send(one)
            except BlockingIOError: pass
            # The server may already have closed a socket whose answers pile up unread.
            except ConnectionResetError: reset += 1
            socks.append(s)
        await asyncio.sleep(4)
        for s in socks: s.close()
        return f"20 sockets, up to 2,000 pipelined shows each, answers never read; {reset} reset by the server while sending"
    await scenario("readers that never read", never_reads)
    s, b = call("GET", f"/api/table/{table}/felt/", token=token)
    print("after all: Ann's felt", s, "seats shown:", [x.get("shown_hand") is not None for x in json.loads(b)["seats"]])

asyncio.run(main())
proc.terminate(); proc.wait()
log.seek(0); errs = [l for l in log.read().splitlines() if "error" in l.lower()]
print("server log error lines:", len(errs), errs[:3])
