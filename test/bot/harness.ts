// The real tool server for the bot tests (temp roots, ephemeral loopback port) with four small tools: a
// catalogue search, an add, a destructive delete behind a confirm preview, and one that starts a job.
// And the bot, wired as main.ts wires it, against a fake Bot API and a fake LLM.
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { buildConfig, SECRET_KEYS } from '../../config.js'
import { createMcpRunner } from '../../lib/chat/mcp-runner.js'
import { providersFromConfig } from '../../lib/chat/providers.js'
import { createChatBot, type ChatBot } from '../../bot/chat-bot.js'
import { createBotLogger } from '../../bot/log.js'
import { botSettings } from '../../bot/settings.js'
import { defineTool, type ToolDefinition } from '../../core/tool-types.js'
import { buildTestApp, makeRoots, TEST_INTERNAL_KEY, type TestApp, type TestRoots } from '../helpers/build.js'
import { FAKE_BOT_TOKEN, type FakeBotApi } from '../helpers/fake-bot-api.js'
import { listenMcp } from '../helpers/mcp-client.js'

const CATALOGUE = [
  { id: 11, title: 'Heat (1995)' },
  { id: 12, title: 'Heat Wave (2020)' },
  { id: 13, title: 'Ronin (1998)' }
]

export interface ToolServer {
  readonly app: FastifyInstance
  url: URL
  /** Stops the server and starts a new one on the same port and state (what a redeploy does). */
  restart: () => Promise<void>
  roots: TestRoots
  /** Titles the add tool has added, in order. */
  library: string[]
  /** Lets every job the job tool started finish, with a result (or a failure). */
  releaseJobs: (outcome?: { fail?: string }) => void
}

function testTools (roots: TestRoots, library: string[], gate: { wait: () => Promise<{ fail?: string }> }, app: () => FastifyInstance): ToolDefinition<any, any>[] {
  const writes = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }
  return [
    defineTool({
      name: 'movies_search',
      title: 'Search movies',
      description: 'Searches the movie catalogue by title.',
      inputSchema: Type.Object({ query: Type.String({ minLength: 1, maxLength: 100, description: 'Title to look for' }) }, { additionalProperties: false }),
      outputSchema: Type.Object({ results: Type.Array(Type.Object({ id: Type.Integer({ description: 'Catalogue id' }), title: Type.String({ description: 'Title' }) }), { description: 'Matches' }) }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      handler: async ({ query }) => {
        const results = CATALOGUE.filter(m => m.title.toLowerCase().includes(query.toLowerCase()))
        return { data: { results }, summary: `${results.length} match(es): ${results.map(r => `${r.title} [${r.id}]`).join(', ')}` }
      }
    }),
    defineTool({
      name: 'movies_add',
      title: 'Add a movie',
      description: 'Adds a catalogue movie to the library by id.',
      inputSchema: Type.Object({ id: Type.Integer({ description: 'Catalogue id from movies_search' }) }, { additionalProperties: false }),
      outputSchema: Type.Object({ added: Type.String({ description: 'Title added' }) }),
      annotations: writes,
      handler: async ({ id }) => {
        const movie = CATALOGUE.find(m => m.id === id)
        if (!movie) throw new Error(`no movie ${id}`)
        library.push(movie.title)
        return { data: { added: movie.title }, summary: `Added ${movie.title}.` }
      }
    }),
    defineTool({
      name: 'notes_delete',
      title: 'Delete a note',
      description: 'Deletes <name>.txt under the media root.',
      inputSchema: Type.Object({ name: Type.String({ pattern: '^[a-z]+$', description: 'Note name' }) }, { additionalProperties: false }),
      outputSchema: Type.Object({ deleted: Type.String({ description: 'Deleted file' }) }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      confirm: { preview: async ({ name }) => ({ summary: `Delete ${name}.txt from the media root.`, targets: [`${name}.txt`] }) },
      handler: async ({ name }) => {
        const file = join(roots.media, `${name}.txt`)
        if (!existsSync(file)) throw new Error('missing')
        rmSync(file)
        return { data: { deleted: `${name}.txt` }, summary: `Deleted ${name}.txt.` }
      }
    }),
    defineTool({
      name: 'media_optimize',
      title: 'Optimize a file',
      description: 'Starts a background job that optimizes a file; follow it with check_jobs.',
      inputSchema: Type.Object({ file: Type.String({ maxLength: 100, description: 'File name' }) }, { additionalProperties: false }),
      outputSchema: Type.Object({ job: Type.Object({ id: Type.String({ description: 'Job id' }) }, { description: 'The started job' }) }),
      annotations: writes,
      handler: async ({ file }, ctx) => {
        const job = app().jobs.start({
          kind: 'test-optimize',
          owner: ctx.principal.id,
          description: `Optimize ${file}`,
          run: async () => {
            const outcome = await gate.wait()
            if (outcome.fail) throw new Error(outcome.fail)
            return { savedBytes: 1234, file }
          }
        })
        return { data: { job: { id: job.id } }, summary: `Started job ${job.id}: optimizing ${file}.` }
      }
    })
  ]
}

/** Starts the tool server; closed (and its roots removed) at teardown. */
export async function startToolServer (t: { teardown: (fn: () => unknown) => void }): Promise<ToolServer> {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const library: string[] = []
  let release: (o: { fail?: string }) => void = () => {}
  let released = new Promise<{ fail?: string }>(resolve => { release = resolve })
  const gate = { wait: () => released }
  let built: TestApp<{}> = await buildTestApp(t, { roots, build: { extraTools: testTools(roots, library, gate, () => built.app) } })
  const url = await listenMcp(built.app)
  return {
    get app () { return built.app },
    url,
    restart: async () => {
      built = await built.restart()
      await built.app.listen({ port: Number(url.port), host: '127.0.0.1' })
    },
    roots,
    library,
    releaseJobs: (outcome = {}) => {
      release(outcome)
      released = new Promise(resolve => { release = resolve })
    }
  }
}

export interface RunningBot {
  chatBot: ChatBot
  /** Log lines the bot wrote (JSON). */
  logs: string[]
  stateDir: string
  stop: () => Promise<void>
}

export interface BotOptions {
  api: FakeBotApi
  server: ToolServer
  llmUrl: string
  allowed?: string
  stateDir?: string
  now?: () => number
  notices?: Parameters<typeof createChatBot>[0]['notices']
}

/** Starts the bot as main.ts does, against the fake Bot API, the fake LLM and the real tool server. */
export async function startBot (t: { teardown: (fn: () => unknown) => void }, o: BotOptions): Promise<RunningBot> {
  const stateDir = o.stateDir ?? join(o.server.roots.base, 'bot-state')
  const config = buildConfig({
    CHAT_BOT_TOKEN: FAKE_BOT_TOKEN,
    CHAT_BOT_API_ROOT: o.api.apiRoot,
    ALLOWED_CHAT_USERS: o.allowed ?? '',
    MCP_URL: o.server.url.href,
    INTERNAL_API_KEY: TEST_INTERNAL_KEY,
    LLM_PROVIDER_A_API_KEY: LLM_KEY,
    LLM_PROVIDER_A_BASE_URL: o.llmUrl,
    STATE_DIR: stateDir
  })
  const logs: string[] = []
  const log = createBotLogger('debug', SECRET_KEYS.map(k => String(config[k])), { write: (line: string) => { logs.push(line) } })
  const settings = botSettings(config)
  const runner = createMcpRunner({ url: settings.mcpUrl, apiKey: settings.internalKey })
  const chatBot = createChatBot({
    settings,
    providers: providersFromConfig(config),
    runner,
    log,
    pollTimeoutSeconds: 1,
    watcher: { firstCheckMs: 50, maxDelayMs: 200 },
    drainMs: 3_000,
    ...(o.now ? { now: o.now } : {}),
    ...(o.notices ? { notices: o.notices } : {})
  })
  await chatBot.start()
  let stopped = false
  const stop = async () => { if (!stopped) { stopped = true; await chatBot.stop() } }
  t.teardown(stop)
  return { chatBot, logs, stateDir, stop }
}

export const LLM_KEY = 'llm-test-key-0123456789abcdef'
