#!/usr/bin/env python3
"""Background images against everyone else's draws, on one deck-server (SQLite): other clients'
draw mix (four keep-alive processes, draw 2 from a four-deck shoe, a reshuffle every 27th
request) measured before, while 8 connections flood GET of a ~5 MB background, after 20
uploads of it, and after its removal; each phase's rate as a ratio of the first, in one run.

    python3 Server/Benchmarks/bench-backgrounds.py Server/.build/release/deck-server [seconds]

The image is made with ImageMagick (`convert`): a noisy 4096 × 4096 plasma at JPEG quality 40,
which the server re-encodes at quality 90, several megabytes larger.
"""
import http.client, json, multiprocessing as mp, os, subprocess, sys, tempfile, threading, time, urllib.request

import bench_support

binary = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10
work = tempfile.mkdtemp(prefix="deck-bench-backgrounds-")
image_path = os.path.join(work, "plasma.jpg")
subprocess.run(["convert", "-size", "4096x4096", "plasma:fractal", "-attenuate", "1.5", "+noise", "Gaussian", "-quality", "40", image_path], check=True)
image = open(image_path, "rb").read()

server, (host, port) = bench_support.start_server(
    binary, work, ["--data", os.path.join(work, "data"), "--upload-mb-per-day", "0"])
base = f"http://{host}:{port}"

def call(method, path, data=None, token=None, kind=None):
    request = urllib.request.Request(base + path, method=method, data=data)
    if token: request.add_header("Authorization", f"Bearer {token}")
    if kind: request.add_header("Content-Type", kind)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer: return answer.status, answer.read()
    except urllib.error.HTTPError as error: return error.code, error.read()

deck = json.loads(call("POST", "/api/deck/new/shuffle/?deck_count=4")[1])["deck_id"]
table = json.loads(call("POST", "/api/table/new/", b"name=Ann")[1])
table_id, token = table["table_id"], table["seat"]["token"]

def upload():
    status, body = call("POST", f"/api/table/{table_id}/felt/background", image, token, "image/jpeg")
    assert status == 200, (status, body[:300])
    return json.loads(body)["felt"]["background"]

def drawer(queue):
    connection = http.client.HTTPConnection(host, port)
    latencies, count, bad = [], 0, 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        count += 1
        path = f"/api/deck/{deck}/shuffle/" if count % 27 == 0 else f"/api/deck/{deck}/draw/?count=2"
        started = time.monotonic()
        connection.request("GET", path); answer = connection.getresponse(); answer.read()
        latencies.append(time.monotonic() - started)
        if answer.status != 200: bad += 1
    queue.put((latencies, bad))

def draws():
    queue = mp.Queue()
    workers = [mp.Process(target=drawer, args=(queue,)) for _ in range(4)]
    for worker in workers: worker.start()
    results = [queue.get() for _ in workers]
    for worker in workers: worker.join()
    latencies = sorted(x for part, _ in results for x in part)
    return len(latencies) / seconds, latencies[len(latencies) // 2] * 1000, latencies[int(len(latencies) * 0.99)] * 1000, sum(b for _, b in results)

def flood(path, stop, counts):
    connection = http.client.HTTPConnection(host, port)
    while not stop.is_set():
        connection.request("GET", path); answer = connection.getresponse(); answer.read()
        counts.append(answer.status)

rows = []
def phase(name, extra=""):
    rate, p50, p99, bad = draws()
    rows.append((name, rate, p50, p99, bad, extra))

phase("before")
path = upload()
stored = len(call("GET", path)[1])
stop, counts = threading.Event(), []
flooders = [threading.Thread(target=flood, args=(path, stop, counts)) for _ in range(8)]
for thread in flooders: thread.start()
started = time.monotonic()
phase("8 connections flooding the background")
stop.set()
for thread in flooders: thread.join()
served = len(counts) / (time.monotonic() - started)
rows[-1] = rows[-1][:5] + (f"{served:.1f} images/s served, {sum(1 for c in counts if c != 200)} not 200",)
for _ in range(19): upload()
phase("after 20 uploads")
assert call("POST", f"/api/table/{table_id}/felt/background", b"remove=true", token, "application/x-www-form-urlencoded")[0] == 200
phase("after the removal")
server.terminate(); server.wait()

first = rows[0][1]
print(f"draws by others, {seconds:.0f} s a phase, one run (SQLite; the image {len(image) / 1e6:.1f} MB uploaded, {stored / 1e6:.1f} MB stored)")
print(f"{'phase':40} {'draws/s':>8} {'ratio':>6} {'p50 ms':>7} {'p99 ms':>7}  non-200")
for name, rate, p50, p99, bad, extra in rows:
    print(f"{name:40} {rate:8.0f} {rate / first:6.2f} {p50:7.2f} {p99:7.2f}  {bad}  {extra}")
