// A tool call's failure as the caller sees it: a refusal or a backend error as its own clear message (with the
// backend's version warning when it is on an unsupported version), anything else as a logged internal error.
import type { Logger } from '../../core/logger.js'
import { BackendError, GuardError, ToolError } from '../../core/errors.js'
import type { SandboxGuard, ToolCallResult } from '../../core/tool-types.js'

/**
 * A file or folder inside the roots that vanished between a tool's checks and its use (or that a tool never
 * checked) is the caller's problem to see, not an internal error.
 */
function missingPathError (err: unknown, sandbox?: SandboxGuard): ToolError | undefined {
  const e = err as NodeJS.ErrnoException | undefined
  if ((e?.code !== 'ENOENT' && e?.code !== 'ENOTDIR') || typeof e.path !== 'string' || e.syscall?.startsWith('spawn')) return undefined
  return sandbox?.missingError?.(e.path)
}

export function shapeError (raw: unknown, tool: string, log: Logger, sandbox?: SandboxGuard): { result: ToolCallResult, userFacing: boolean } {
  const err = missingPathError(raw, sandbox) ?? raw
  if (err instanceof ToolError) {
    if (err instanceof BackendError) log.warn({ tool, service: err.service, status: err.status, code: err.code }, 'backend error')
    const structured: Record<string, unknown> = { error: err.message, kind: err instanceof GuardError ? `refused_by_${err.guard}_guard` : err instanceof BackendError ? 'backend' : 'invalid_request' }
    if (err instanceof BackendError) structured.service = err.service
    // The calls a refusal suggests travel as structuredContent `next`, as on a success (lib/answers/next-calls.ts).
    // An isError result is exempt from the tool's outputSchema: the SDK's server and client skip validating it.
    const next = err.next?.length ? { structuredContent: { next: err.next } } : {}
    return { result: { content: [{ type: 'text', text: err.message }], isError: true, ...next, _meta: { error: structured } }, userFacing: true }
  }
  log.error({ tool, err }, 'tool failed unexpectedly')
  return {
    result: { content: [{ type: 'text', text: `${tool} failed because of an internal error. It has been logged; try again, and if it keeps failing check the server log.` }], isError: true },
    userFacing: false
  }
}

/** A backend on an unsupported version: its failures end with the version warning, the likeliest cause. */
export function withBackendWarning (res: ToolCallResult, backendWarning?: (service: string) => string | undefined): ToolCallResult {
  const error = (res._meta as { error?: { kind?: string, service?: string, error?: string } } | undefined)?.error
  const warning = error?.kind === 'backend' && error.service ? backendWarning?.(error.service) : undefined
  if (!warning) return res
  const message = `${error!.error} ${warning}`
  return { ...res, content: [{ type: 'text', text: message }], _meta: { ...(res._meta as object), error: { ...error, error: message } } }
}
