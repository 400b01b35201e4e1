#!/usr/bin/env bash
# Runs the MCP conformance authorization-server scenarios (@modelcontextprotocol/conformance
# 0.2.0-alpha.12, `conformance authorization`: AS metadata and the authorization-code grant with PKCE)
# against a throwaway instance of the real app (scripts/test-server.ts). The suite prints an authorize
# URL "for your browser" and waits on its own callback port; our AS approves automatically, so curl
# plays the browser. Exits non-zero on any failure; kills everything it started.
# Needs npm registry access for npx (Node 22 and the suite).
set -euo pipefail
cd "$(dirname "$0")/.."

SUITE="@modelcontextprotocol/conformance@0.2.0-alpha.12"
# shellcheck source=scripts/conformance-common.sh
source scripts/conformance-common.sh

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# The server's port is fixed before it starts: PUBLIC_URL (the issuer) must name it.
SERVER_PORT="$(free_port)"
CALLBACK_PORT="$(free_port)"
env PORT="$SERVER_PORT" INTERNAL_API_KEY="$KEY" node --import tsx scripts/test-server.ts >"$WORK/server.log" 2>&1 &
PIDS+=("$!")
URL=""
for _ in $(seq 1 600); do
  URL="$(sed -n 's/^listening \(http[^ ]*\).*/\1/p' "$WORK/server.log" | head -1)"
  if [ -n "$URL" ]; then break; fi
  if ! kill -0 "${PIDS[0]}" 2>/dev/null; then break; fi
  sleep 0.1
done
if [ -z "$URL" ]; then
  echo "conformance-auth: test server did not start:" >&2
  cat "$WORK/server.log" >&2
  exit 1
fi
ISSUER="http://127.0.0.1:$SERVER_PORT"

CID="$(curl -sf -X POST "$ISSUER/register" -H 'content-type: application/json' \
  -d "{\"client_name\":\"conformance\",\"redirect_uris\":[\"http://127.0.0.1:$CALLBACK_PORT/callback\"],\"token_endpoint_auth_method\":\"none\"}" \
  | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).client_id))')"
if [ -z "$CID" ]; then echo "conformance-auth: client registration failed" >&2; exit 1; fi

echo "-- conformance authorization ($SUITE) against $ISSUER"
set +e
timeout 300 npx -y -p node@22 -p "$SUITE" -- conformance authorization \
  --url "$ISSUER" --client-id "$CID" --port "$CALLBACK_PORT" --resource "$ISSUER/mcp" >"$WORK/as.out" 2>&1 &
SUITE_PID=$!
PIDS+=("$SUITE_PID")
set -e

# Wait for the authorize URL, then follow it like a browser would (302 to the suite's callback).
AUTHORIZE=""
for _ in $(seq 1 1200); do
  AUTHORIZE="$(sed 's/\x1b\[[0-9;]*m//g' "$WORK/as.out" | grep -m1 -o "$ISSUER/authorize?[^ ]*" || true)"
  if [ -n "$AUTHORIZE" ]; then break; fi
  if ! kill -0 "$SUITE_PID" 2>/dev/null; then break; fi
  sleep 0.25
done
if [ -n "$AUTHORIZE" ]; then
  curl -s -L -o /dev/null --max-time 30 "$AUTHORIZE" || true
else
  echo "conformance-auth: the suite printed no authorize URL" >&2
fi

set +e
wait "$SUITE_PID"
rc=$?
set -e
# The suite's own summary uses "Total: N passed, M failed"; shown here as "suite summary" so the project's
# test runner stays the last summary CI reads.
sed 's/\x1b\[[0-9;]*m//g' "$WORK/as.out" | grep -v '^npm warn' | sed 's/^Total:/suite summary:/' || true
if [ "$rc" -ne 0 ] || [ -z "$AUTHORIZE" ]; then
  echo "conformance-auth: FAILED (exit $rc)" >&2
  exit 1
fi
echo "conformance-auth: authorization-server scenarios passed"
