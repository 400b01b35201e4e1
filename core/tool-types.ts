// Types shared by the tool registry, the safety guards and every tool file.
import type { Static, TObject } from '@sinclair/typebox'
import type { Principal } from './principal.js'
import type { InstanceKindName } from './instance-config.js'
import type { ToolError } from './errors.js'

export interface ToolAnnotations {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

export interface ToolContext {
  principal: Principal
  /** Aborted when the client cancels the call or the server shuts down. */
  signal: AbortSignal
  /** MCP progress notification (no-op when the client asked for none). */
  progress: (progress: number, total?: number, message?: string) => Promise<void>
  /** Request-scoped MCP log message. */
  log: (level: 'debug' | 'info' | 'warning' | 'error', data: unknown) => Promise<void>
  /** Set on the confirmed (second) call of a destructive action: the exact targets the preview showed. */
  confirmed?: { targets: unknown }
  /**
   * The person at the client, when the client can show them a confirmation form (MCP elicitation). A destructive
   * call then asks the person instead of handing a confirmToken to the model; absent for every other caller.
   */
  person?: PersonConfirmation
  /**
   * The backend instances this call runs on, by kind (series: 'anime'), chosen once per call before the confirm
   * step (the tool's `prepare`); every later step of the call reads the choice here instead of choosing again.
   */
  instances?: Partial<Record<InstanceKindName, string>>
}

/** What the person is asked to confirm: the preview, as plain text, and the confirmation it belongs to. */
export interface PersonQuestion {
  /** Handle of the pending confirmation; stays between the server and the client, never in a tool result. */
  confirmation: string
  tool: string
  title: string
  /** What will happen (one plain line). */
  summary: string
  /** The exact targets, one plain line each. */
  targets: string[]
}

/** The person's answer: accept (they confirmed), decline (they said no) or cancel (they dismissed the form). */
export type PersonDecision = 'accept' | 'decline' | 'cancel'

export interface PersonConfirmation {
  /** Set when this call comes back with the person's answer to an earlier question. */
  answer?: { confirmation: string, decision: PersonDecision }
  /** Shows the question to the person. The call then ends; the client calls again carrying the answer. */
  ask: (question: PersonQuestion) => Promise<void>
}

export interface ToolOutcome<O> {
  /** Matches the tool's outputSchema; sent as structuredContent. */
  data: O
  /** One or two sentences for the model and the person. */
  summary: string
  /** Set when this call, though it could have, changed nothing (nothing to do): the audit trail keeps no entry of it. */
  unchanged?: boolean
}

export interface ConfirmPreview {
  /** What would happen, for a person to read. */
  summary: string
  /** The exact targets (paths, ids, sizes, counts). Bound into the token's fingerprint. */
  targets: unknown
  /** The tool's own output fields shown beside the confirmation (what was checked, next calls); not bound into the token. */
  data?: Record<string, unknown>
  /** Set when there is nothing to confirm: this is the call's (successful) result and no token is issued. */
  nothingToDo?: ToolOutcome<unknown>
  /**
   * Sources that did not answer while this preview was made. On a confirmed call whose targets differ from the
   * preview's, a source the person does not control was down: the token is kept, not burned as "changed".
   */
  unanswered?: string[]
}

export interface ConfirmSpec<I extends TObject> {
  /** Whether these arguments need confirmation (default: always). E.g. only action=delete; may ask a backend (an import that would replace a file). */
  required?: (args: Static<I>, ctx: ToolContext) => boolean | Promise<boolean>
  /** Computes the preview without changing anything. Runs on the first call and again on the confirmed call. */
  preview: (args: Static<I>, ctx: ToolContext) => Promise<ConfirmPreview>
}

/** Where an input needs a guard. The registry applies them before the handler runs. */
export interface ToolGuards {
  /** Fields (string or string[]) that are file or folder paths: must resolve inside MEDIA_ROOT / DOWNLOADS_ROOT. */
  paths?: string[]
  /**
   * Fields that name entries a tool deletes, moves or renames: checked like paths, except that the last
   * name is not followed, so a symbolic link there is acted on as a link (never its target).
   */
  entries?: string[]
  /** Fields that are single names (file names, show names): one safe path segment. */
  names?: string[]
  /** Fields that are download URLs, with what they will be used for. */
  urls?: Record<string, UrlUse>
}

export type UrlUse = 'direct' | 'torrent'

export interface ToolDefinition<I extends TObject = TObject, O extends TObject = TObject> {
  name: string
  title: string
  description: string
  inputSchema: I
  outputSchema: O
  annotations: ToolAnnotations
  guards?: ToolGuards
  /** Required when annotations.destructiveHint is true. */
  confirm?: ConfirmSpec<I>
  /** Set on tools whose work runs as a background job: MCP clients with tasks may run the call as a task. */
  taskSupport?: TaskSupport
  /**
   * For a tool that changes something only when asked (check_jobs cancel): whether these raw arguments ask for
   * a change. Without it, a tool has effects unless its annotations say read-only. The audit trail uses it.
   */
  hasEffects?: (args: Record<string, unknown>) => boolean
  /**
   * Set on tools whose effect changes what the media library holds (files added, moved or deleted, a scan): a
   * call that changed something then signals "library changed" (app.libraryChanges), and views that keep library
   * counts (the dashboard) read them again. A function decides from the raw arguments (remove only with files).
   */
  changesLibrary?: true | ((args: Record<string, unknown>) => boolean)
  /**
   * Runs once per call, after validation and the guards, before the confirm step: the context it returns (the
   * chosen backend instance) is the one `required`, `preview` and `handler` see.
   */
  prepare?: (args: Static<I>, ctx: ToolContext) => Promise<ToolContext>
  handler: (args: Static<I>, ctx: ToolContext) => Promise<ToolOutcome<Static<O>>>
}

/** Declares a tool as data, with handler arguments typed from its input schema. */
export function defineTool<I extends TObject, O extends TObject> (def: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return def
}

/** What a tool call returns, in MCP's CallToolResult shape. */
export interface ToolCallResult {
  content: Array<{ type: 'text', text: string }>
  structuredContent?: Record<string, unknown>
  isError?: boolean
  [key: string]: unknown
}

/** 'optional': the call may run as an MCP task; 'required': only as a task. */
export type TaskSupport = 'optional' | 'required'

/** One entry of the precomputed tools/list. */
export interface PublishedTool {
  name: string
  title: string
  description: string
  inputSchema: Record<string, unknown>
  outputSchema: Record<string, unknown>
  annotations: ToolAnnotations & { title: string }
  execution?: { taskSupport: TaskSupport }
}

// Implemented by plugins/path-sandbox.ts, plugins/url-guard.ts and plugins/confirm-tokens.ts.
export interface SandboxGuard {
  /** Throws GuardError unless `input` resolves inside a root (symlink-safe). Returns the absolute real path. */
  resolve: (input: string) => Promise<string>
  /** Like resolve(), without following the last name (a symbolic link there is the entry itself). */
  resolveEntry: (input: string) => Promise<string>
  /** Throws GuardError unless `name` is one safe path segment. */
  checkName: (name: string) => void
  /** What to tell the caller about a missing path inside the roots; undefined for any other path. */
  missingError?: (abs: string) => ToolError | undefined
}
export interface UrlGuard {
  /** Throws GuardError unless the URL is allowed for that use; resolves names and checks every address. */
  check: (url: string, use: UrlUse) => Promise<URL>
}
export interface ConfirmBinding {
  tool: string
  /** Canonical arguments without confirmToken. */
  args: Record<string, unknown>
  principalId: string
  /** 'person': the confirmation waits for the person's answer and is never redeemable as a confirmToken. */
  via?: 'token' | 'person'
}
export interface ConfirmGate {
  issue: (binding: ConfirmBinding, targets: unknown) => { confirmToken: string, expiresAt: string }
  /** The stored outcome when this token already executed with the same binding, else undefined. Throws GuardError on a mismatch. */
  replay: (token: string, binding: ConfirmBinding) => ToolCallResult | undefined
  /** Consumes the token if binding and targets match what was previewed; otherwise burns it and throws GuardError saying why. */
  redeem: (token: string, binding: ConfirmBinding, targets: unknown, unanswered?: string[]) => void
  /** Stores the outcome so a retry with the same token returns it instead of running twice. */
  settle: (token: string, outcome: ToolCallResult) => void
  /** Closes a pending confirmation without running it (the person said no); a retry gets `outcome`. */
  decline: (token: string, binding: ConfirmBinding, outcome: ToolCallResult) => void
}
