#!/usr/bin/env bash
# The Memorize page in a real browser: starts the built deck-server on a free loopback port with a
# throw-away data folder, runs the Selenium tests against it, and stops it. Screenshots are kept in
# $ARTIFACTS_DIR (default out/browser-artifacts).
set -euo pipefail
server_binary=${1:?usage: run.sh PATH-TO-deck-server}
export ARTIFACTS_DIR=${ARTIFACTS_DIR:-out/browser-artifacts}
mkdir -p "$ARTIFACTS_DIR"
data=$(mktemp -d)
log=$(mktemp)
"$server_binary" --host 127.0.0.1 --port 0 --data "$data" --log-level warning >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$data" "$log"' EXIT
for _ in $(seq 1 200); do
    url=$(sed -n 's/^deck-server listening on //p' "$log")
    [ -n "$url" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.05
done
[ -n "$url" ] || { echo "deck-server did not start"; cat "$log"; exit 1; }
export DECK_SERVER_URL=$url
python3 -m unittest discover -s "$(dirname "$0")" -v 2>&1 | tee "$ARTIFACTS_DIR/unittest.log"
status=${PIPESTATUS[0]}
# A line the CI reads: Python's unittest prints "OK" or "FAILED (…)"; say it as counts too.
python3 - "$ARTIFACTS_DIR/unittest.log" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
ran = int(re.search(r"Ran (\d+) test", text).group(1)) if re.search(r"Ran (\d+) test", text) else 0
failed = sum(int(n) for n in re.findall(r"(?:failures|errors)=(\d+)", text))
print(f"browser: {ran - failed} passed, {failed} failed")
PY
exit "$status"
