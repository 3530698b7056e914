#!/usr/bin/env python3
"""A load that looks like a busy CI machine, for the soak (Scripts/soak-tests.sh): until it is
stopped (SIGTERM or SIGINT), it keeps running, side by side,

- a release build: the library package built with -c release from nothing, again and again, in
  a scratch folder of its own (so the tests' builds are not touched);
- a release deck-server under wrk: 8 connections drawing from a 4-deck shoe and reshuffling it
  (Server/Benchmarks/draw-mix.lua);
- a headless Chromium on a table's page, seated, while a player moves a card on that table ten
  times a second through the API, so that the page takes every change from its event stream and
  draws it.

    python3 Scripts/soak-load.py path/to/release/deck-server

Prints one line when every part runs ("soak load: running ...") and, when stopped, what each
part did. Needs wrk, chromium, chromium-driver and selenium (make deps-bench deps-browser).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Server", "Benchmarks"))
sys.path.insert(0, os.path.join(ROOT, "Server", "Tests", "browser"))

from bench_support import start_server  # noqa: E402
from browser_support import open_browser  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

stopping = threading.Event()


def call(base, path, params=None, token=None):
    data = urllib.parse.urlencode(params).encode() if params is not None else None
    request = urllib.request.Request(base + path, data=data, method="POST" if data is not None else "GET")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def release_builds(scratch, counts):
    """The library built in release from nothing, over and over."""
    while not stopping.is_set():
        shutil.rmtree(scratch, ignore_errors=True)
        build = subprocess.Popen(["swift", "build", "-c", "release", "--scratch-path", scratch], cwd=ROOT,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        while build.poll() is None:
            if stopping.wait(1):
                os.killpg(build.pid, signal.SIGKILL)
                build.wait()
                return
        counts["release builds"] += 1


def table_moves(base, table, token, counts):
    """A player moves the top card of one stack to the other and back, ten times a second."""
    stacks = ["s1", "s2"]
    while not stopping.wait(0.1):
        source, target = stacks if counts["table changes"] % 2 == 0 else stacks[::-1]
        try:
            call(base, f"/api/table/{table}/felt/move/", {"from": source, "count": "1", "to": target}, token)
            counts["table changes"] += 1
        except OSError:
            counts["table changes refused"] += 1


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="soak-load-")
    counts = {"release builds": 0, "table changes": 0, "table changes refused": 0}
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stopping.set())
    server, (host, port) = start_server(binary, work, ["--data", os.path.join(work, "data")])
    base = f"http://{host}:{port}"
    wrk = driver = None
    threads = []
    try:
        shoe = call(base, "/api/deck/new/shuffle/?deck_count=4")["deck_id"]
        wrk = subprocess.Popen(["wrk", "-t1", "-c8", "-d24h", "-s", os.path.join(ROOT, "Server", "Benchmarks", "draw-mix.lua"),
                                base, "--", shoe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

        ann = call(base, "/api/table/new/", {"name": "Ann", "seats": "2"})
        table, token = ann["table_id"], ann["seat"]["token"]
        for params in ({"stack": "deck", "count": "10", "x": "300", "y": "300"}, {"stack": "deck", "count": "10", "x": "600", "y": "300"}):
            call(base, f"/api/table/{table}/felt/split/", params, token)
        call(base, f"/api/table/{table}/felt/flip/", {"stack": "s1"}, token)
        driver = open_browser(390, 844)
        driver.get(f"{base}/table/{table}")
        WebDriverWait(driver, 120).until(lambda d: d.find_element(By.ID, "join").is_displayed())
        driver.find_element(By.ID, "name").send_keys("Bob", Keys.ENTER)
        WebDriverWait(driver, 120).until(lambda d: "Live" in d.find_element(By.ID, "live").text)

        threads = [threading.Thread(target=release_builds, args=(os.path.join(work, "release-build"), counts)),
                   threading.Thread(target=table_moves, args=(base, table, token, counts))]
        for thread in threads:
            thread.start()
        print(f"soak load: running (deck-server at {base} under wrk, Chromium on table {table}, release builds)", flush=True)
        stopping.wait()
    finally:
        stopping.set()
        for thread in threads:
            thread.join()
        if driver:
            # The browser may be gone already (a signal to the whole process group).
            try:
                print(f"soak load: the page said {driver.find_element(By.ID, 'live').text!r} at the end")
                driver.quit()
            except Exception as error:  # noqa: BLE001
                print(f"soak load: the browser was gone at the end ({type(error).__name__})")
        if wrk:
            wrk.send_signal(signal.SIGINT)
            output = wrk.communicate(timeout=60)[0]
            requests = [line.strip() for line in output.splitlines() if "requests in" in line or "Non-2xx" in line]
            print("soak load: wrk: " + ("; ".join(requests) or output.strip()[-300:]))
        server.terminate()
        server.wait()
        print("soak load: " + ", ".join(f"{value} {name}" for name, value in counts.items()), flush=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
