#!/usr/bin/env bash
# Runs the MCP conformance suites against a throwaway instance of the real app (scripts/test-server.ts, with
# the suites' fixtures), reached through a loopback proxy that adds the bearer (the suite's client sends
# no Authorization header). Two runs, each against its baseline of scenarios that cannot pass:
#   0.1.16 (2025-11-25 active suite) and 0.2.0-alpha.12 --requirements 2026-07-28.
# Both run with the MCP fast paths on and off (MCP_FAST_PATHS; CONFORMANCE_FAST_PATHS="on" runs one setting),
# the two settings side by side, so "off" adds little wall time where there are two cores.
# Exits non-zero on any unexpected failure (or a stale baseline entry); kills everything it started.
# Needs npm registry access for npx (Node 22 and the suite).
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/conformance-common.sh
source scripts/conformance-common.sh

# start NAME CMD...: runs CMD in the background and waits for its "listening <url>" line; sets URL.
start() {
  local name="$1"; shift
  "$@" >"$WORK/$name.log" 2>&1 &
  PIDS+=("$!")
  for _ in $(seq 1 600); do
    URL="$(sed -n 's/^listening \(http[^ ]*\).*/\1/p' "$WORK/$name.log" | head -1)"
    if [ -n "$URL" ]; then return 0; fi
    if ! kill -0 "${PIDS[-1]}" 2>/dev/null; then break; fi
    sleep 0.1
  done
  echo "conformance: $name did not start:" >&2
  cat "$WORK/$name.log" >&2
  exit 1
}

# serve MODE: a server with MCP_FAST_PATHS=MODE and its proxy; sets MCP_URL.
serve() {
  local mode="$1"
  # A fixed port for the server: PUBLIC_URL (its allowed Host) must name it before it listens.
  local port
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  start "server-$mode" env PORT="$port" INTERNAL_API_KEY="$KEY" MCP_FAST_PATHS="$mode" node --import tsx scripts/test-server.ts
  start "proxy-$mode" env TARGET="$URL" TOKEN="$KEY" PORT=0 node --import tsx scripts/auth-proxy.ts
  MCP_URL="$URL/mcp"
}

# run LABEL URL ARGS...: one suite run, its output kept for later (the settings run in parallel).
run() {
  local label="$1" url="$2"; shift 2
  set +e
  timeout 120 npx -y "$@" --url "$url" -o "$WORK/results-$label" >"$WORK/$label.out" 2>&1
  echo $? >"$WORK/$label.rc"
  set -e
}

# show LABEL URL: prints a finished run's output; fails when it failed.
show() {
  echo "-- conformance $1 against $2"
  sed 's/\x1b\[[0-9;]*m//g' "$WORK/$1.out" | grep -v '^npm warn' || true
  [ "$(cat "$WORK/$1.rc")" = 0 ]
}

# Each setting has its own server, so the two settings run side by side without sharing any state; within one
# setting the two suites run one after the other, as before.
status=0
modes="${CONFORMANCE_FAST_PATHS:-on off}"
declare -A urls
for mode in $modes; do
  serve "$mode"
  urls[$mode]="$MCP_URL"
done
runs=()
for mode in $modes; do
  (
    run "2025-11-25-$mode" "${urls[$mode]}" -p node@22 -p @modelcontextprotocol/conformance@0.1.16 -- conformance server \
      --expected-failures scripts/conformance-baseline-2025.yml
    run "2026-07-28-$mode" "${urls[$mode]}" -p node@22 -p @modelcontextprotocol/conformance@0.2.0-alpha.12 -- conformance server \
      --requirements 2026-07-28 --expected-failures scripts/conformance-baseline-2026.yml
  ) &
  runs+=("$!")
done
# Only the runs: a bare `wait` would wait for the servers too.
wait "${runs[@]}"
for mode in $modes; do
  echo "== MCP_FAST_PATHS=$mode"
  show "2025-11-25-$mode" "${urls[$mode]}" || status=1
  show "2026-07-28-$mode" "${urls[$mode]}" || status=1
done

if [ "$status" -ne 0 ]; then echo "conformance: unexpected failures (see above)" >&2; fi
exit "$status"
