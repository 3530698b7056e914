#!/usr/bin/env bash
# The draw mix through two deck-server instances on one local PostgreSQL, beside the same mix on
# one instance on SQLite, in one run: wrk, 2 threads, 32 connections, 6 s each; each wrk thread
# drives one instance. Two mixes: all connections on one 4-deck shoe (bench-server.sh's mix: every
# request waits for the one row's lock), and the same requests spread over 64 shoes.
#
#   bash Server/Benchmarks/bench-postgres.sh [path/to/deck-server]
#
# Needs wrk and Debian's postgresql (make deps-bench deps-postgres); runs as root (the cluster
# runs as the postgres user) or as postgres. Makes a throw-away cluster in /tmp with PostgreSQL's
# default durability (fsync, synchronous_commit on) and removes it afterwards.
#
# BENCH_PG_STATS=1 also loads pg_stat_statements and prints, after each PostgreSQL run, the
# statements the database ran (calls, total and mean time, rows): where its time went.
# BENCH_PERF_STAT=1 (needs perf, from Debian's linux-perf) prints, after each run, the servers' CPU
# time and context switches per request, counted by perf stat over the run.
set -euo pipefail

server=${1:-Server/.build/release/deck-server}
server=$(cd "$(dirname "$server")" && pwd)/$(basename "$server")
here=$(cd "$(dirname "$0")" && pwd)
duration=${BENCH_DURATION:-6s}
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d /tmp/deck-bench-pg.XXXXXX)
chmod 755 "$work"

cleanup() {
    # start_server runs in a command substitution, so the servers' ids are kept in a file.
    local pid
    for pid in $(cat "$work/pids" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
    sleep 0.5
    if [ -f "$work/pg/data/postmaster.pid" ]; then
        as_postgres "$pg_bin/pg_ctl" -D "$work/pg/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Starts deck-server with "$@" on a free port; prints its base URL.
start_server() {
    local log="$work/server-$RANDOM.log"
    "$server" --host 127.0.0.1 --port 0 --log-level warning "$@" >"$log" 2>&1 &
    local pid=$!
    echo $pid >>"$work/pids"
    for _ in $(seq 600); do
        if url=$(grep -m1 -o 'http://[0-9.:]*' "$log" 2>/dev/null); then
            echo "$url $pid" >>"$work/urls"
            echo "$url"
            return
        fi
        sleep 0.1
    done
    echo "deck-server did not start: $(cat "$log")" >&2
    exit 1
}

# Makes $2 4-deck shoes through $1; prints their ids.
make_decks() {
    local ids=()
    for _ in $(seq "$2"); do
        ids+=("$(curl -sf "$1/api/deck/new/shuffle/?deck_count=4" | python3 -c 'import json, sys; print(json.load(sys.stdin)["deck_id"])')")
    done
    (IFS=,; echo "${ids[*]}")
}

# Runs the draw mix on $1 shoes against the URLs given; prints "requests/s p99 non-2xx".
draw_mix() {
    local shoes=$1
    shift
    local hosts=() url pids=()
    for url in "$@"; do
        hosts+=("${url#http://}")
        pids+=("$(awk -v url="$url" '$1 == url {print $2}' "$work/urls")")
    done
    local ids output
    ids=$(make_decks "$1" "$shoes")
    if [ -n "${BENCH_PERF_STAT:-}" ]; then
        perf stat -x, -e task-clock,context-switches -p "$(IFS=,; echo "${pids[*]}")" -o "$work/perf" \
            -- sleep "${duration%s}" 2>/dev/null &
    fi
    output=$(DECK_HOSTS=$(IFS=,; echo "${hosts[*]}") DECK_IDS=$ids DECK_THREADS=2 \
        wrk -t2 -c32 -d"$duration" --latency -s "$here/draw-mix-instances.lua" "$1")
    local rate p99 errors
    rate=$(awk '/^Requests\/sec/ {print $2}' <<<"$output")
    p99=$(awk '$1 == "99%" {print $2}' <<<"$output")
    errors=$(awk '/Non-2xx/ {print $NF}' <<<"$output")
    if [ -n "${BENCH_PERF_STAT:-}" ]; then
        wait
        # perf stat -x, writes "value,unit,event,…" lines; per request over the run.
        awk -F, -v rate="$rate" -v seconds="${duration%s}" '
            $3 ~ /task-clock/ { cpu = $1 / 1000 }
            $3 ~ /context-switches/ { switches = $1 }
            END { printf "    servers: %.1f µs of CPU and %.2f context switches per request\n",
                  cpu * 1e6 / (rate * seconds), switches / (rate * seconds) }' "$work/perf" >&2
    fi
    echo "$rate ${p99:-?} ${errors:-0}"
}

# The PostgreSQL cluster.
mkdir "$work/pg" && chown postgres:postgres "$work/pg" 2>/dev/null || true
as_postgres "$pg_bin/initdb" -D "$work/pg/data" -A trust -U postgres -E UTF8 >/dev/null
pg_port=$(free_port)
pg_options="-p $pg_port -k $work/pg -c listen_addresses=127.0.0.1"
if [ -n "${BENCH_PG_STATS:-}" ]; then pg_options+=" -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all"; fi
as_postgres "$pg_bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w -o "$pg_options" start >/dev/null
"$pg_bin/psql" -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -c "CREATE DATABASE decks"
if [ -n "${BENCH_PG_STATS:-}" ]; then
    "$pg_bin/psql" -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d decks -c "CREATE EXTENSION pg_stat_statements"
fi

# With BENCH_PG_STATS: forgets the statements so far ("reset"), or prints them ("show").
pg_stats() {
    [ -n "${BENCH_PG_STATS:-}" ] || return 0
    local sql
    if [ "$1" = reset ]; then
        sql="SELECT pg_stat_statements_reset()"
    else
        sql="SELECT calls, round(total_exec_time::numeric, 1) AS total_ms, round(mean_exec_time::numeric, 3) AS mean_ms, rows, \
            left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS statement \
            FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'decks') \
            ORDER BY total_exec_time DESC LIMIT 8"
    fi
    "$pg_bin/psql" -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d decks -P pager=off -c "$sql" | sed 's/^/    /' >&2
}
database="postgres://postgres@127.0.0.1:$pg_port/decks?sslmode=disable"

sqlite=$(start_server --data "$work/sqlite")
first=$(start_server --database "$database")
second=$(start_server --database "$database")

echo "draw mix: wrk 2 threads, 32 connections, $duration; draw 2 from a 4-deck shoe, reshuffle every 27th request"
printf '%-46s %6s %12s %10s %8s\n' "store" "shoes" "requests/s" "p99" "non-2xx"
for shoes in 1 64; do
    read -r rate p99 errors <<<"$(draw_mix "$shoes" "$sqlite")"
    printf '%-46s %6s %12s %10s %8s\n' "SQLite, one instance" "$shoes" "$rate" "$p99" "$errors"
    pg_stats reset >/dev/null 2>&1
    read -r rate p99 errors <<<"$(draw_mix "$shoes" "$first" "$second")"
    printf '%-46s %6s %12s %10s %8s\n' "PostgreSQL, two instances (one per wrk thread)" "$shoes" "$rate" "$p99" "$errors"
    pg_stats show
done
