#!/usr/bin/env bash
# Runs the MCP conformance suites against a throwaway instance of the real app (scripts/test-server.ts, with
# the suites' fixtures), reached through a loopback proxy that adds the bearer (the suite's client sends
# no Authorization header). Two runs, each against its baseline of scenarios that cannot pass:
#   0.1.16 (2025-11-25 active suite) and 0.2.0-alpha.12 --requirements 2026-07-28.
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

# A fixed port for the server: PUBLIC_URL (its allowed Host) must name it before it listens.
SERVER_PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
start server env PORT="$SERVER_PORT" INTERNAL_API_KEY="$KEY" node --import tsx scripts/test-server.ts
SERVER_URL="$URL"
start proxy env TARGET="$SERVER_URL" TOKEN="$KEY" PORT=0 node --import tsx scripts/auth-proxy.ts
MCP_URL="$URL/mcp"

status=0
run() {
  local label="$1"; shift
  echo "-- conformance $label against $MCP_URL"
  set +e
  timeout 120 npx -y "$@" --url "$MCP_URL" -o "$WORK/results-$label" >"$WORK/$label.out" 2>&1
  local rc=$?
  set -e
  sed 's/\x1b\[[0-9;]*m//g' "$WORK/$label.out" | grep -v '^npm warn' || true
  return "$rc"
}

run 2025-11-25 -p node@22 -p @modelcontextprotocol/conformance@0.1.16 -- conformance server \
  --expected-failures scripts/conformance-baseline-2025.yml || status=1
run 2026-07-28 -p node@22 -p @modelcontextprotocol/conformance@0.2.0-alpha.12 -- conformance server \
  --requirements 2026-07-28 --expected-failures scripts/conformance-baseline-2026.yml || status=1

if [ "$status" -ne 0 ]; then echo "conformance: unexpected failures (see above)" >&2; fi
exit "$status"
