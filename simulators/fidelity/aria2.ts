// aria2 JSON-RPC, read at release-1.37.0 (Debian 12 ships 1.36.0, the same RPC surface).
import type { FidelityRow } from './types.js'

const TAG = 'release-1.37.0'
const METHODS = { repo: 'aria2/aria2', path: 'src/RpcMethodImpl.cc', tag: TAG }
const row = (name: string, behaviours: string[]): FidelityRow =>
  ({ service: 'aria2', method: 'RPC', path: `aria2.${name}`, source: METHODS, behaviours })

/** Shared by every method: the token check (src/RpcMethod.cc) and the HTTP status of errors (src/HttpServerBodyCommand.cc). */
const ENVELOPE = 'The first param is "token:<secret>": a wrong one → error "Unauthorized" (RpcMethod::authorize); an error raised by a method → HTTP 400 with {error: {code: 1, message}}, an unknown method (-32601) → 404, other protocol errors 400/500 (HttpServerBodyCommand.cc)'
const GID = 'A gid that is not known → error "GID <gid> is not found" or "Active Download not found for GID#<gid>" (code 1, HTTP 400)'

export const ARIA2_ROWS: FidelityRow[] = [
  row('addUri', ['Params [uris], options (all option values are strings), position; answers the new gid (16 hex digits); no uris → "URI is not provided."', ENVELOPE]),
  row('tellStatus', ['Params gid, keys: only the keys asked for are returned; numbers come back as decimal strings', GID, ENVELOPE]),
  row('tellActive', ['Param keys; answers the active downloads', ENVELOPE]),
  row('tellWaiting', ['Params offset, num, keys (AbstractPaginationRpcMethod): a negative offset counts from the end and reverses the order; num ≤ 0 → empty', ENVELOPE]),
  row('tellStopped', ['Like tellWaiting over the stopped downloads kept in memory (max-download-result)', ENVELOPE]),
  row('forceRemove', ['Param gid; removes without contacting trackers; a download that cannot be removed now → "GID#<gid> cannot be removed now"', GID, ENVELOPE]),
  row('removeDownloadResult', ['Param gid; forgets a stopped download; otherwise "Could not remove download result of GID#<gid>"', ENVELOPE]),
  row('getVersion', ['Answers {version, enabledFeatures}; the probe reads version', ENVELOPE])
]
