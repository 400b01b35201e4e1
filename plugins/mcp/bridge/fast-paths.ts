// MCP_FAST_PATHS: whether the fast paths answer what they can, and how many requests each answered. Off, every
// /mcp request is served through the SDK (its transport, its handler, its Node adapter), so a client problem
// can be checked against the SDK alone; the counts let tests and the bench see which way a request went.
export interface FastPathCounts {
  readonly on: boolean
  /** Requests answered by each fast path (plugins/mcp/README.md, "Dispatch"). */
  readonly served: {
    /** 2025 session tools/call, handed to the session's server without the transport's web round trip. */
    directCall: number
    /** 2025 session plain tools/call of a registry tool answered on the session's handler without the SDK's checks. */
    directAnswer: number
    /** 2025 session tools/list answered from the prepared body. */
    directList: number
    /** 2026-07-28 plain tools/call answered without a per-request server. */
    modernCall: number
    /** 2026-07-28 tools/list answered from the prepared body. */
    modernList: number
  }
}

export function createFastPathCounts (on: boolean): FastPathCounts {
  return { on, served: { directCall: 0, directAnswer: 0, directList: 0, modernCall: 0, modernList: 0 } }
}
