#!/usr/bin/env bash
# deck-server under wrk on loopback: 2 threads, 32 connections, 6 s per endpoint, one run.
# Usage: bench-server.sh PATH-TO-release-deck-server
# Prints one table: requests/s, p50, p99, errors, and each rate as a share of /healthz.
set -euo pipefail
server=${1:?usage: bench-server.sh PATH-TO-deck-server}
here=$(cd "$(dirname "$0")" && pwd)
threads=${WRK_THREADS:-2} connections=${WRK_CONNECTIONS:-32} duration=${WRK_DURATION:-6s}
data=$(mktemp -d) log=$(mktemp) out=$(mktemp -d)
"$server" --host 127.0.0.1 --port 0 --data "$data" >"$log" 2>"$out/access.log" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$data" "$log" "$out"' EXIT
for _ in $(seq 1 200); do
    base=$(sed -n 's/^deck-server listening on //p' "$log"); [ -n "$base" ] && break; sleep 0.05
done
[ -n "$base" ] || { echo "deck-server did not start"; exit 1; }

deck=$(curl -fsS "$base/api/deck/new/shuffle/?deck_count=4" | python3 -c 'import json,sys; print(json.load(sys.stdin)["deck_id"])')
curl -fsS -o /dev/null "$base/static/img/QH.png"   # rendered once; the run measures the cache

run() {   # name, path, [lua script, script arguments…]
    local name=$1 path=$2 script=()
    shift 2
    if [ $# -gt 0 ]; then script=(-s "$1"); shift; fi
    wrk -t"$threads" -c"$connections" -d"$duration" --latency "${script[@]}" "$base$path" ${1:+--} "$@" >"$out/$name.txt" 2>&1
}
run healthz /healthz
run draw-mix / "$here/draw-mix.lua" "$deck"
run new-shuffle /api/deck/new/shuffle/
run cached-image /static/img/QH.png

python3 - "$out" <<'PY'
import os, re, sys
folder = sys.argv[1]
def read(name):
    text = open(os.path.join(folder, name + ".txt")).read()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    def latency(p):
        m = re.search(r"^\s+%s%%\s+([\d.]+)(us|ms|s)" % p, text, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    sockets = re.search(r"Socket errors: (.*)", text)
    return rate, latency(50), latency(99), int(errors.group(1)) if errors else 0, sockets.group(1) if sockets else "none"
rows = {name: read(name) for name in ["healthz", "draw-mix", "new-shuffle", "cached-image"]}
health = rows["healthz"][0]
print("| endpoint | requests/s | p50 ms | p99 ms | non-2xx | socket errors | share of /healthz |")
print("|---|---:|---:|---:|---:|---|---:|")
for name, (rate, p50, p99, errors, sockets) in rows.items():
    print(f"| {name} | {rate:,.0f} | {p50:.2f} | {p99:.2f} | {errors} | {sockets} | {rate / health:.0%} |")
PY
echo "(wrk -t$threads -c$connections -d$duration on loopback; draw mix: draw 2 from a 4-deck shoe, reshuffle every 27th request per thread)"
