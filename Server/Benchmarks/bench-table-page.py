#!/usr/bin/env python3
"""The table page: what a first visit to a table fetches, what a full deck costs, and how long
a frame takes while pinch-zooming and dragging on a felt with 52 cards on it.

First visit: a new browser (nothing cached) opens a table in play at 390 × 844 and waits for
every card's picture; the page's own requests (the HTML, style sheet, modules, the table's view,
the cards' SVGs) and the bytes they carried, from the browser's resource timing.

Bytes and requests: the page draws our SVGs, one request per card (and the back) for the page's
life, at any zoom. The page before drew PNGs at the width the zoom asked for (120 to 1200 px),
fetching the deck again at each of those steps; both are counted from the server's answers.

Frames: headless Debian Chromium at 390 × 844 with touch emulation opens a table whose 52 cards
lie face up on the felt in four spread stacks, waits for every picture, then pinches from 80 px
to 320 px apart and back in 120 touch moves, each sent after the frame before was drawn. Chromium's
own metrics (Performance.getMetrics: TaskDuration, LayoutCount, RecalcStyleCount) over the pinch,
and the intervals between animation frames, give the main thread's time per frame. Then a finger
carries a spread's top card across the felt, and a stack by its grip, in 60 moves each, measured
the same way (the page also sends the drags to the server). Target: under 8 ms a frame.

    python3 Server/Benchmarks/bench-table-page.py [path/to/deck-server]

Needs chromium, chromium-driver and selenium (make deps-browser).
"""

import json
import os
import shutil
import sys
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "browser"))

from bench_support import parse_arguments, percentile, start_server  # noqa: E402
from browser_support import open_browser, settle  # noqa: E402

CODES = [rank + suit for suit in "SDCH" for rank in "A234567890JQK"]
PNG_WIDTHS = [120, 160, 226, 300, 400, 600, 800, 1000, 1200]   # the widths the page before asked for
TARGET_MS = 8


def fetch(base, path, method="GET", params=None, token=None):
    data = urllib.parse.urlencode(params or {}).encode() if method == "POST" else None
    request = urllib.request.Request(base + path, method=method, data=data)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read()


def deck_bytes(base):
    svg = sum(len(fetch(base, f"/static/img/{code}.svg")) for code in CODES + ["back"])
    png = {width: sum(len(fetch(base, f"/static/img/{code}.png?width={width}")) for code in CODES + ["back"])
           for width in PNG_WIDTHS}
    return svg, png


def table_with_52_face_up(base):
    answer = json.loads(fetch(base, "/api/table/new/", "POST", {"name": "Ann", "seats": 2}))
    table, token = answer["table_id"], answer["seat"]["token"]
    act = lambda name, **params: json.loads(fetch(base, f"/api/table/{table}/felt/{name}/", "POST", params, token))
    for row in range(4):
        view = act("split", stack="deck", count=13, x=40, y=40 + row * 160)
        made = max((s for s in view["stacks"] if s["id"] != "deck"), key=lambda s: int(s["id"][1:]))["id"]
        act("flip", stack=made)
        act("arrange", stack=made, layout="right", step=66)
    return table, token


def main():
    arguments, binary, work = parse_arguments(__doc__, "deck-bench-page-")
    process, address = start_server(binary, work, ["--data", os.path.join(work, "data")])
    base = f"http://{address[0]}:{address[1]}"
    driver = None
    try:
        svg, png = deck_bytes(base)
        print("a full deck (52 cards and the back), fetched once:")
        print(f"  SVG (this page): 53 requests, {svg / 1024:.0f} KiB, the same at every zoom")
        for width, size in png.items():
            print(f"  PNG {width:4d} px wide (the page before): 53 requests, {size / 1024:.0f} KiB")
        steps = [w for w in PNG_WIDTHS if w <= 600]
        print(f"  zooming a 390 px phone from fit to about 4x, the page before fetched the deck at {len(steps)} widths "
              f"({', '.join(map(str, steps))}): {53 * len(steps)} requests, {sum(png[w] for w in steps) / 1024:.0f} KiB")

        table, token = table_with_52_face_up(base)
        driver = open_browser(390, 844)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        driver.get(base + "/table")
        driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", f"deck-table:{table}",
                              json.dumps({"number": 1, "name": "Ann", "token": token}))
        driver.get(f"{base}/table/{table}")
        driver.set_script_timeout(60)
        driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const check = () => document.querySelectorAll('#felt .card.pictured').length >= 52 ? done() : setTimeout(check, 50);
            check();""")
        settle(driver)
        shown = driver.execute_script("return document.querySelectorAll('#felt .card.pictured').length")
        visit = driver.execute_script("""
            const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
            const kind = (e) => e.name.includes('/static/img/') ? 'card pictures' : e.name.includes('/api/') ? 'the table (API)'
              : e.initiatorType === 'navigation' ? 'the page' : 'styles and modules';
            const out = {};
            for (const e of entries) {
              const k = kind(e);
              out[k] = out[k] || { requests: 0, bytes: 0 };
              out[k].requests += 1;
              out[k].bytes += e.transferSize || e.encodedBodySize || 0;
            }
            return out;""")
        print("a first visit to a table in play (52 cards face up), nothing cached, at 390 x 844:")
        for k, v in visit.items():
            print(f"  {k}: {v['requests']} requests, {v['bytes'] / 1024:.1f} KiB")
        total_requests = sum(v["requests"] for v in visit.values())
        total_bytes = sum(v["bytes"] for v in visit.values())
        print(f"  in all: {total_requests} requests, {total_bytes / 1024:.0f} KiB (the event stream, open, not counted)")
        driver.execute_cdp_cmd("Performance.enable", {})
        driver.execute_script("""
            window.frames = [];
            const tick = (t) => { window.frames.push(t); requestAnimationFrame(tick); };
            requestAnimationFrame(tick);""")
        metric = lambda: {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
        box = driver.execute_script("return document.getElementById('stage').getBoundingClientRect().toJSON()")
        x, y = box["left"] + box["width"] / 2, box["top"] + box["height"] / 2
        points = lambda gap: [{"x": x - gap / 2, "y": y, "id": 1}, {"x": x + gap / 2, "y": y, "id": 2}]
        next_frame = "requestAnimationFrame(() => arguments[arguments.length - 1]())"
        before = metric()
        first_frame = driver.execute_script("return window.frames.length")
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(80)})
        moves = 120
        for step in range(1, moves + 1):
            gap = 80 + 240 * (step / 60 if step <= 60 else (moves - step) / 60)
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(gap)})
            driver.execute_async_script(next_frame)
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        after = metric()
        frames = driver.execute_script("return window.frames.slice(arguments[0])", first_frame)
        intervals = [b - a for a, b in zip(frames, frames[1:])]
        task = (after["TaskDuration"] - before["TaskDuration"]) * 1000
        per_frame = task / max(1, len(frames))
        print(f"pinch-zooming 52 face-up cards ({shown} pictures on the felt) at 390 x 844, {moves} touch moves:")
        print(f"  {len(frames)} frames; main thread busy {task:.0f} ms in all, {per_frame:.2f} ms a frame "
              f"(Chromium's TaskDuration); layouts {after['LayoutCount'] - before['LayoutCount']:.0f}, "
              f"style recalculations {after['RecalcStyleCount'] - before['RecalcStyleCount']:.0f}")
        print(f"  between frames: p50 {percentile(intervals, 0.5):.1f} ms, p95 {percentile(intervals, 0.95):.1f} ms, "
              f"max {max(intervals, default=0):.1f} ms (the test driver waits a frame after each move, so these include its round trips)")
        driver.execute_script("document.getElementById('zoom-fit').click()")
        settle(driver)
        results = [("pinch", per_frame)]
        for name, selector in (("carrying a card", '.stack[data-id="s2"] .card.top'), ("carrying a stack by its grip", '.stack[data-id="s3"] .grip')):
            start = driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", selector)
            end = (box["left"] + box["width"] * 0.3, box["top"] + box["height"] * 0.7)
            before = metric()
            first_frame = driver.execute_script("return window.frames.length")
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1], "id": 1}]})
            for step in range(1, 61):
                px = start[0] + (end[0] - start[0]) * step / 60
                py = start[1] + (end[1] - start[1]) * step / 60
                driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": px, "y": py, "id": 1}]})
                driver.execute_async_script(next_frame)
            after = metric()
            # Put back, not dropped: the next run starts from the same table.
            driver.execute_script("document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))")
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            frames = driver.execute_script("return window.frames.slice(arguments[0])", first_frame)
            task = (after["TaskDuration"] - before["TaskDuration"]) * 1000
            results.append((name, task / max(1, len(frames))))
            print(f"{name} across the felt at 390 x 844, 60 touch moves: {len(frames)} frames; main thread busy {task:.0f} ms, "
                  f"{task / max(1, len(frames)):.2f} ms a frame; layouts {after['LayoutCount'] - before['LayoutCount']:.0f}")
        met = all(value < TARGET_MS for _, value in results)
        print(f"target under {TARGET_MS} ms of main-thread work a frame: " + ", ".join(f"{n} {v:.2f} ms" for n, v in results)
              + f": {'met' if met else 'NOT met'}")
        return 0 if met else 1
    finally:
        if driver:
            driver.quit()
        process.terminate()
        process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
