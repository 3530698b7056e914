#!/usr/bin/env bash
# deck-server beside hostile load, on loopback, one run: what a draw on an unrelated deck and
# /healthz see (p50, p99) while
#   - one client repeats the heaviest legal request (heavy-pile.lua: 1,080 cards moved between
#     piles, on SQLite), and while
#   - 8 clients fetch uncached image variants as fast as they can (image-flood.lua).
# With a second binary (an older build), the two run alternately, old first, in the same run.
# Then bench-connection-attacks.py and bench-backgrounds.py, each attack a case of its own.
# Usage: bench-hostile.sh PATH-TO-deck-server [PATH-TO-OLD-deck-server]
set -euo pipefail
new=${1:?usage: bench-hostile.sh NEW [OLD]} old=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
duration=${WRK_DURATION:-8s}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

latencies() {   # wrk output file → "requests/s p50 p99 non-2xx"
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def latency(p):
    m = re.search(r"^\s+%s%%\s+([\d.]+)(us|ms|s)" % p, text, re.M)
    if not m: return float("nan")
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
rate = re.search(r"Requests/sec:\s+([\d.]+)", text)
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
timeouts = re.search(r"timeout (\d+)", text)
print(f"{float(rate.group(1)) if rate else 0:,.0f} {latency(50):.2f} {latency(99):.2f} {errors.group(1) if errors else 0} {timeouts.group(1) if timeouts else 0}")
PY
}

scenario() {   # label, binary
    local label=$1 binary=$2 data log pid base heavy victim load probe
    data=$(mktemp -d) log=$(mktemp)
    "$binary" --host 127.0.0.1 --port 0 --data "$data" --log-level warning >"$log" 2>/dev/null &
    pid=$!
    for _ in $(seq 1 200); do
        base=$(sed -n 's/^deck-server listening on //p' "$log"); [ -n "$base" ] && break; sleep 0.05
    done
    heavy=$(curl -fsS "$base/api/deck/new/shuffle/?deck_count=20&jokers_enabled=true" | python3 -c 'import json,sys; print(json.load(sys.stdin)["deck_id"])')
    curl -fsS -o /dev/null "$base/api/deck/$heavy/draw/?count=1080"
    victim=$(curl -fsS "$base/api/deck/new/shuffle/?deck_count=4" | python3 -c 'import json,sys; print(json.load(sys.stdin)["deck_id"])')

    # Quiet: the same probes with nothing else running.
    wrk -t1 -c2 -d"$duration" --latency -s "$here/draw-mix.lua" "$base/" -- "$victim" >"$out/$label-quiet-draw.txt" 2>&1 &
    probe=$!
    wrk -t1 -c2 -d"$duration" --latency "$base/healthz" >"$out/$label-quiet-healthz.txt" 2>&1
    wait "$probe"

    # The heaviest legal request, one client repeating it.
    wrk -t1 -c1 -d"$duration" --latency -s "$here/heavy-pile.lua" "$base/" -- "$heavy" >"$out/$label-heavy-load.txt" 2>&1 &
    load=$!
    sleep 0.5
    wrk -t1 -c2 -d"$duration" --latency -s "$here/draw-mix.lua" "$base/" -- "$victim" >"$out/$label-heavy-draw.txt" 2>&1 &
    probe=$!
    wrk -t1 -c2 -d"$duration" --latency "$base/healthz" >"$out/$label-heavy-healthz.txt" 2>&1
    wait "$load" "$probe"

    # Eight clients flooding uncached images.
    wrk -t1 -c8 -d"$duration" --timeout 10s --latency -s "$here/image-flood.lua" "$base/" >"$out/$label-flood-load.txt" 2>&1 &
    load=$!
    sleep 0.5
    wrk -t1 -c2 -d"$duration" --timeout 10s --latency -s "$here/draw-mix.lua" "$base/" -- "$victim" >"$out/$label-flood-draw.txt" 2>&1 &
    probe=$!
    wrk -t1 -c2 -d"$duration" --timeout 10s --latency "$base/healthz" >"$out/$label-flood-healthz.txt" 2>&1
    wait "$load" "$probe"

    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$data" "$log"
    for part in quiet-draw quiet-healthz heavy-load heavy-draw heavy-healthz flood-load flood-draw flood-healthz; do
        echo "$label $part $(latencies "$out/$label-$part.txt")"
    done
}

{
    [ -n "$old" ] && scenario old "$old"
    scenario new "$new"
} >"$out/rows.txt"

echo "| server | load | probe | requests/s | p50 ms | p99 ms | non-2xx | timeouts |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
while read -r label part rate p50 p99 errors timeouts; do
    load=${part%%-*} probe=${part#*-}
    case $load in quiet) load="none";; heavy) load="heaviest legal request";; flood) load="image flood";; esac
    case $probe in load) probe="(the load itself)";; draw) probe="draw on another deck";; healthz) probe="/healthz";; esac
    echo "| $label | $load | $probe | $rate | $p50 | $p99 | $errors | $timeouts |"
done <"$out/rows.txt"
echo "(wrk on loopback, $duration per scenario: probes -t1 -c2; heavy load -t1 -c1; image flood -t1 -c8; the goal is p99 under 50 ms for both probes under either load)"

# The attacks on the connection layer and on background images, each beside a victim measured
# before and during it in the same run (issue 41's F1–F7).
echo
python3 "$here/bench-connection-attacks.py" "$new"
python3 "$here/bench-backgrounds.py" "$new"
