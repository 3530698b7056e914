#!/usr/bin/env bash
# Runs a command and notes how long it took: `bash Scripts/timed.sh LABEL COMMAND...` runs
# COMMAND, then prints "time: LABEL N s" and appends the same line to $TIMES_FILE (by default
# out/test-times.txt beside this script's folder), which `make test` prints at its end. The
# command's exit status is kept.
set -uo pipefail
label=$1
shift
times_file=${TIMES_FILE:-$(cd "$(dirname "$0")/.." && pwd)/out/test-times.txt}
mkdir -p "$(dirname "$times_file")"
start=$(date +%s.%N)
"$@"
status=$?
line=$(awk -v start="$start" -v end="$(date +%s.%N)" -v label="$label" -v status="$status" \
    'BEGIN { printf "time: %-28s %6.0f s%s", label, end - start, (status == 0 ? "" : "  (failed)") }')
echo "$line"
echo "$line" >> "$times_file"
exit "$status"
