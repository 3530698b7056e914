#!/usr/bin/env bash
# Runs the server's tests, then the browser tests, then the whole `make test`, over and over
# beside a load, to find the tests that fail only on a busy machine.
#
#   bash Scripts/soak-tests.sh [SERVER_RUNS] [BROWSER_RUNS] [LOAD] [MAKE_TEST_RUNS]
#   (defaults 20, 10, mixed, 0)
#
# LOAD is `mixed`, what a busy CI machine runs beside the suite (Scripts/soak-load.py: a release
# build from nothing again and again, a release deck-server under wrk, and a headless Chromium on
# a changing table's page), or `hogs`, one `yes > /dev/null` per core.
#
# Each run's whole output is kept in out/soak/server-N.log, browser-N.log or make-test-N.log; out/soak/summary.txt
# gets a line per run (pass or fail, seconds, the failing tests' names) and the totals, and
# out/soak/load.log what the load did. The script builds once first, without the load, and exits
# non-zero when any run failed.
set -uo pipefail
cd "$(dirname "$0")/.."
server_runs=${1:-20}
browser_runs=${2:-10}
load=${3:-mixed}
make_test_runs=${4:-0}
case "$load" in mixed|hogs) ;; *) echo "LOAD is mixed or hogs, not $load"; exit 64 ;; esac
out=out/soak
mkdir -p "$out"
summary="$out/summary.txt"
: > "$summary"
# Logs of an earlier soak would count in this one's recovery figures.
rm -rf "$out"/server-*.log "$out"/browser-*.log "$out"/make-test-*.log "$out"/browser-artifacts-*

make test-server > "$out/build.log" 2>&1 || { echo "the server tests fail without hogs: see $out/build.log"; exit 1; }
# The whole make test builds the library's tests too: built here as well, so that no run builds
# beside the load what this script built without it.
if [ "$make_test_runs" -gt 0 ]; then
    swift build --build-tests >> "$out/build.log" 2>&1 || { echo "the library's tests do not build: see $out/build.log"; exit 1; }
fi
make deps-browser >> "$out/build.log" 2>&1
server="$(cd Server && swift build --show-bin-path)/deck-server"

loaders=()
if [ "$load" = mixed ]; then
    make deps-bench >> "$out/build.log" 2>&1
    (cd Server && swift build -c release --static-swift-stdlib --product deck-server) >> "$out/build.log" 2>&1 ||
        { echo "the release deck-server does not build: see $out/build.log"; exit 1; }
    python3 Scripts/soak-load.py Server/.build/release/deck-server > "$out/load.log" 2>&1 &
    loaders+=($!)
    # The runs begin once every part of the load runs.
    until grep -q "soak load: running" "$out/load.log"; do
        kill -0 "${loaders[0]}" 2>/dev/null || { echo "the load did not start: see $out/load.log"; exit 1; }
        sleep 1
    done
    load_words="a mixed load (a release build, a release deck-server under wrk, a headless Chromium)"
else
    for _ in $(seq "$(nproc)"); do
        yes > /dev/null &
        loaders+=($!)
    done
    load_words="$(nproc) CPU hogs"
fi
# The mixed load reports what it did once stopped, and waits for its parts to end.
trap 'kill "${loaders[@]}" 2>/dev/null; wait "${loaders[@]}" 2>/dev/null' EXIT

failures=0
# One run: its name, its log, the command. Swift Testing marks a failed test with ✘, unittest
# with FAIL: or ERROR:.
run() {
    local name=$1 log=$2
    shift 2
    local start=$SECONDS
    if "$@" > "$log" 2>&1; then
        echo "$name passed in $((SECONDS - start)) s" >> "$summary"
    else
        failures=$((failures + 1))
        local failed
        failed=$(grep -E '^✘ Test |^(FAIL|ERROR): ' "$log" | sed -E 's/^✘ Test "([^"]*)".*/\1/' | sort -u | head -20 | paste -sd ';' -)
        echo "$name FAILED in $((SECONDS - start)) s: ${failed:-see $log}" >> "$summary"
    fi
    tail -1 "$summary"
}

for n in $(seq "$server_runs"); do
    run "server run $n" "$out/server-$n.log" bash -c 'cd Server && swift test --skip-build --disable-xctest'
done
for n in $(seq "$browser_runs"); do
    run "browser run $n" "$out/browser-$n.log" env ARTIFACTS_DIR="$out/browser-artifacts-$n" bash Server/Tests/browser/run.sh "$server"
done

# The README's `make test`, whole: the library, the server (DeckClient and stream-load included)
# and the browser tests, each build first.
for n in $(seq "$make_test_runs"); do
    run "make test run $n" "$out/make-test-$n.log" make --no-print-directory test
done

# The tests that wait for a recovery with a budget print "recovery: WHAT: N s of BUDGET s": the
# longest of each, so the margin left is on record.
echo "Longest recovery waits over the server runs (seconds taken of the budget):" >> "$summary"
cat "$out"/server-*.log "$out"/make-test-*.log 2>/dev/null | sed -nE 's/^recovery: (.*): ([0-9.]+) s of ([0-9]+) s$/\2\t\3\t\1/p' |
    sort -t$'\t' -k3,3 -k1,1gr | awk -F'\t' '!seen[$3]++ { printf "  %s: %s s of %s s\n", $3, $1, $2 }' >> "$summary"
echo "$((server_runs + browser_runs + make_test_runs)) runs beside $load_words: $failures failed" | tee -a "$summary"
[ "$failures" -eq 0 ]
