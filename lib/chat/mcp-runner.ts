// The chat loop's tools over MCP: how the bot reaches the tool server (its only road to it), with the
// internal bearer key. One SDK client, opened lazily, opened again after a lost session or an outage.
import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type CallToolResult,
  type VersionNegotiationMode
} from '@modelcontextprotocol/client'
import { ACTOR_META } from '../../core/principal.js'
import { toSpec } from './registry-runner.js'
import type { ToolRunner, ToolRunResult, ToolSpec } from './types.js'

export interface McpRunnerOptions {
  url: string | URL
  /** INTERNAL_API_KEY: sent as `Authorization: Bearer <key>` on every request. */
  apiKey: string
  /** 'auto' (default) speaks the stateless 2026-07-28 era when the server offers it; 'legacy' keeps a session. */
  mode?: VersionNegotiationMode
  /** Longest wait for one tool call; long work runs as jobs, so this is generous, not endless. */
  callTimeoutMs?: number
  /** How long a tools/list answer is reused before asking again. */
  toolsTtlMs?: number
  clientName?: string
  /** Told about connection problems (never with the key). */
  onProblem?: (message: string) => void
}

export interface McpToolRunner extends ToolRunner {
  list: () => Promise<ToolSpec[]>
  /** Closes the client; the next call opens a new one. */
  close: () => Promise<void>
  /** How many times a client has been opened (tests and logs). */
  readonly connects: number
}

interface Connection { client: Client, transport: StreamableHTTPClientTransport }

export function createMcpRunner (opts: McpRunnerOptions): McpToolRunner {
  const url = new URL(opts.url)
  const callTimeoutMs = opts.callTimeoutMs ?? 120_000
  const toolsTtlMs = opts.toolsTtlMs ?? 60_000
  let connecting: Promise<Connection> | undefined
  let tools: { specs: ToolSpec[], at: number } | undefined
  let connects = 0

  function connect (): Promise<Connection> {
    connecting ??= (async () => {
      const transport = new StreamableHTTPClientTransport(url, { authProvider: { token: async () => opts.apiKey } })
      const client = new Client({ name: opts.clientName ?? 'mediastack-bot', version: '1.0.0' }, {
        versionNegotiation: { mode: opts.mode ?? 'auto' }
      })
      connects++
      await client.connect(transport)
      return { client, transport }
    })()
    // A failed connect is forgotten so the next call tries again.
    connecting.catch(() => { connecting = undefined })
    return connecting
  }

  async function drop () {
    const current = connecting
    connecting = undefined
    tools = undefined
    if (!current) return
    try { await (await current).client.close() } catch { /* already gone */ }
  }

  /**
   * Runs `fn` on a client. When the request provably never ran (the session was unknown to the server, or
   * the connection could not be made), it reconnects and tries once more; anything else is not retried,
   * so a tool call is never sent twice.
   */
  async function withClient<T> (fn: (client: Client) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let conn: Connection
      try {
        conn = await connect()
      } catch (err) {
        await drop()
        if (attempt === 0 && !isAuthFailure(err)) continue
        throw isAuthFailure(err) ? err : new ConnectFailure(err)
      }
      try {
        return await fn(conn.client)
      } catch (err) {
        if (err instanceof ProtocolError) throw err // the server answered; the connection is fine
        await drop()
        if (attempt === 0 && neverRan(err)) {
          opts.onProblem?.(`MCP session lost (${errorText(err)}); reconnecting`)
          continue
        }
        throw err
      }
    }
  }

  async function list (): Promise<ToolSpec[]> {
    if (tools && Date.now() - tools.at < toolsTtlMs) return tools.specs
    const specs: ToolSpec[] = []
    await withClient(async client => {
      let cursor: string | undefined
      do {
        const page = await client.listTools(cursor ? { cursor } : undefined)
        for (const t of page.tools) specs.push(toSpec(t.name, t.description ?? '', t.inputSchema as Record<string, unknown>))
        cursor = page.nextCursor
      } while (cursor)
    })
    tools = { specs, at: Date.now() }
    return specs
  }

  async function call (name: string, args: Record<string, unknown>, signal: AbortSignal, actor?: string): Promise<ToolRunResult> {
    let result: CallToolResult
    const meta = actor ? { _meta: { [ACTOR_META]: actor } } : {}
    try {
      result = await withClient(client => client.callTool({ name, arguments: args, ...meta }, { signal, timeout: callTimeoutMs }))
    } catch (err) {
      if (signal.aborted) throw err
      return { isError: true, text: failureText(name, err) }
    }
    const first = result.content.find(c => c.type === 'text')
    return {
      isError: result.isError === true,
      text: first && 'text' in first ? first.text : '',
      ...(result.structuredContent ? { structured: result.structuredContent as Record<string, unknown> } : {})
    }
  }

  return { list, call, close: drop, get connects () { return connects } }

  function failureText (name: string, err: unknown): string {
    if (err instanceof ProtocolError) return `The tool server refused ${name}: ${err.message}`
    if (isAuthFailure(err)) {
      opts.onProblem?.('the tool server refused the internal key (401)')
      return 'The tool server refused the bot\'s credentials: INTERNAL_API_KEY must be the same for the bot and the tool server.'
    }
    opts.onProblem?.(`${name} failed on the way: ${errorText(err)}`)
    if (neverRan(err)) return `The tool server is unreachable right now, so ${name} did not run. Try again in a minute.`
    return `The tool server did not answer ${name} (${errorText(err)}). It may or may not have run: check before trying again.`
  }
}

function isAuthFailure (err: unknown): boolean {
  return err instanceof UnauthorizedError || (SdkError.isInstance(err) && err.code === SdkErrorCode.ClientHttpAuthentication)
}

/** The client could not connect: nothing was sent. */
class ConnectFailure extends Error {
  constructor (cause: unknown) {
    super(`cannot connect: ${errorText(cause)}`, { cause })
    this.name = 'ConnectFailure'
  }
}

/** True when the server cannot have run the request: unknown session (404), closed client, no connection. */
function neverRan (err: unknown): boolean {
  if (err instanceof ConnectFailure) return true
  if (SdkError.isInstance(err) && (httpStatus(err) === 404 || err.code === SdkErrorCode.NotConnected)) return true
  return connectionRefused(err)
}

function httpStatus (err: SdkError): number | undefined {
  const status = (err.data as { status?: unknown } | undefined)?.status
  return typeof status === 'number' ? status : undefined
}

function connectionRefused (err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH') return true
  }
  return false
}

function errorText (err: unknown): string {
  if (err instanceof ConnectFailure) return err.message
  if (SdkError.isInstance(err)) {
    const status = httpStatus(err)
    if (status !== undefined) return `HTTP ${status}`
    return err.cause ? `${err.code}, ${errorText(err.cause)}` : err.code
  }
  const cause = (err as { cause?: { code?: unknown, message?: unknown } })?.cause
  if (typeof cause?.code === 'string') return cause.code
  if (typeof cause?.message === 'string') return cause.message
  return (err as Error)?.message ?? String(err)
}
