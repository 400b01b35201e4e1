// Three kinds of failure, three shapes:
// - ToolError: the caller can fix it; its message says what to do next and is shown as is.
// - BackendError: a backend failed; its public message names the service (and the variable to fix on 401/403).
// - anything else is a bug: logged with detail, shown as a generic message.

/** A call a refusal suggests, complete (lib/answers/next-calls.ts builds them: NextCall has this shape). */
export interface SuggestedCall { tool: string, arguments: Record<string, unknown>, why: string }

export class ToolError extends Error {
  /** `next`: the calls the message suggests, as data; the result carries them as structuredContent `next`. */
  constructor (message: string, readonly details?: Record<string, unknown>, readonly next?: SuggestedCall[]) {
    super(message)
    this.name = 'ToolError'
  }
}

export class BackendError extends ToolError {
  constructor (
    readonly service: string,
    message: string,
    readonly status?: number,
    readonly code?: 'unauthorized' | 'not_found' | 'unavailable' | 'timeout' | 'bad_response' | 'rejected' | 'not_configured'
  ) {
    super(message)
    this.name = 'BackendError'
  }
}

/** Refused by a safety guard (path sandbox, URL guard, confirm gate) before anything ran. */
export class GuardError extends ToolError {
  constructor (readonly guard: 'path' | 'url' | 'confirm', message: string) {
    super(message)
    this.name = 'GuardError'
  }
}
