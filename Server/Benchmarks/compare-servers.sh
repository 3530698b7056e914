#!/usr/bin/env bash
# Two deck-server builds under the same draw mix, alternating, so that both see the same phases
# of a shared machine: ROUNDS rounds (default 3) of OLD then NEW, each on fresh data, with
# wrk -t2 -c32 for 6 s per run. Prints each run and the medians.
# Usage: compare-servers.sh PATH-TO-OLD-deck-server PATH-TO-NEW-deck-server
set -euo pipefail
old=${1:?usage: compare-servers.sh OLD NEW} new=${2:?usage: compare-servers.sh OLD NEW}
here=$(cd "$(dirname "$0")" && pwd)
rounds=${ROUNDS:-3} duration=${WRK_DURATION:-6s}
results=$(mktemp)
trap 'rm -f "$results"' EXIT

run() {   # label, binary
    local data log pid base deck
    data=$(mktemp -d) log=$(mktemp)
    ${SERVER_PREFIX:-} "$2" --host 127.0.0.1 --port 0 --data "$data" --log-level warning >"$log" 2>/dev/null &
    pid=$!
    for _ in $(seq 1 200); do
        base=$(sed -n 's/^deck-server listening on //p' "$log"); [ -n "$base" ] && break; sleep 0.05
    done
    deck=$(curl -fsS "$base/api/deck/new/shuffle/?deck_count=4" | python3 -c 'import json,sys; print(json.load(sys.stdin)["deck_id"])')
    ${WRK_PREFIX:-} wrk -t2 -c32 -d"$duration" --latency -s "$here/draw-mix.lua" "$base/" -- "$deck" | python3 -c '
import re, sys
text = sys.stdin.read()
rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
m = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)", text, re.M)
p99 = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(sys.argv[1], rate, p99, errors.group(1) if errors else 0)' "$1" | tee -a "$results"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$data" "$log"
}

for round in $(seq 1 "$rounds"); do
    run old "$old"
    run new "$new"
done
python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
for label in ("old", "new"):
    rates = [float(r[1]) for r in rows if r[0] == label]
    p99s = [float(r[2]) for r in rows if r[0] == label]
    print(f"{label}: median {statistics.median(rates):,.0f} requests/s, p99 median {statistics.median(p99s):.2f} ms, runs {', '.join(f'{r:,.0f}' for r in rates)}")
old = statistics.median(float(r[1]) for r in rows if r[0] == "old")
new = statistics.median(float(r[1]) for r in rows if r[0] == "new")
print(f"new / old: {new / old:.2f}")
PY
