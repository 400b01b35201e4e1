# Shared by the conformance runners (sourced): a random bearer key for the throwaway server, a scratch
# folder, and cleanup that stops every background process the runner started (append their pids to PIDS).
KEY="conformance-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
WORK="$(mktemp -d)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
