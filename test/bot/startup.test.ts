// Starting the bot process: missing or malformed settings stop it with one clear line; a token the Bot API
// refuses stops it without printing the token; a good start polls and SIGTERM stops it cleanly.
import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Bot, HttpError } from 'grammy'
import { buildConfig } from '../../config.js'
import { createBotLogger } from '../../bot/log.js'
import { botSettings, parseAllowedUsers } from '../../bot/settings.js'
import { TEST_INTERNAL_KEY } from '../helpers/build.js'
import { FAKE_BOT_TOKEN, startFakeBotApi } from '../helpers/fake-bot-api.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { TS_LOADER } from '../helpers/ts-child.js'
import { startToolServer } from './harness.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

function runMain (env: Record<string, string>, t: { teardown: (fn: () => unknown) => void }) {
  const home = mkdtempSync(join(tmpdir(), 'msbot-'))
  t.teardown(() => rmSync(home, { recursive: true, force: true }))
  const child = spawn(process.execPath, [...TS_LOADER, 'bot/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: home, STATE_DIR: join(home, 'state'), ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const out = { stdout: '', stderr: '' }
  child.stdout.on('data', d => { out.stdout += d })
  child.stderr.on('data', d => { out.stderr += d })
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
  t.teardown(() => { if (child.exitCode === null) child.kill('SIGKILL') })
  return { child, out, exited }
}

const GOOD = { INTERNAL_API_KEY: TEST_INTERNAL_KEY, LLM_PROVIDER_A_API_KEY: 'llm-key-0123456789' }

t.test('a missing CHAT_BOT_TOKEN stops the process with one clear line', async t => {
  const { out, exited } = runMain({ ...GOOD }, t)
  t.equal(await exited, 78)
  t.equal(out.stderr, 'CHAT_BOT_TOKEN is not set: create a bot with @BotFather and put its token in CHAT_BOT_TOKEN.\n')
})

t.test('settings are checked before anything starts', async t => {
  const base = { CHAT_BOT_TOKEN: FAKE_BOT_TOKEN, ...GOOD }
  t.throws(() => botSettings(buildConfig({ ...base, CHAT_BOT_TOKEN: 'not a token at all, just words' })), { message: /does not look like a bot token/ })
  t.notOk((() => { try { botSettings(buildConfig({ ...base, CHAT_BOT_TOKEN: 'secret-ish-value-xyz' })) } catch (err) { return (err as Error).message.includes('secret-ish') } })(), 'the token is not echoed')
  t.throws(() => botSettings(buildConfig({ ...base, INTERNAL_API_KEY: '' })), { message: /INTERNAL_API_KEY is not set/ })
  t.throws(() => botSettings(buildConfig({ ...base, LLM_PROVIDER_A_API_KEY: '' })), { message: /No language model is configured/ })
  t.throws(() => parseAllowedUsers('111, @bob'), { message: /ALLOWED_CHAT_USERS: "@bob" is not a numeric user id/ })
  t.same([...parseAllowedUsers(' 111 ,222,')!], [111, 222])
  t.equal(parseAllowedUsers(' , '), undefined, 'empty means anyone (warned at startup)')
  t.equal(botSettings(buildConfig({ ...base, CHAT_BOT_API_ROOT: 'http://127.0.0.1:8081/' })).apiRoot, 'http://127.0.0.1:8081')
})

t.test('network errors are logged without the bot token in them', async t => {
  const lines: string[] = []
  const log = createBotLogger('info', [FAKE_BOT_TOKEN], { write: (l: string) => { lines.push(l) } })
  const bot = new Bot(FAKE_BOT_TOKEN, { client: { apiRoot: 'http://127.0.0.1:1' } })
  const err = await bot.api.getMe().then(() => undefined, (e: unknown) => e)
  t.ok(err instanceof HttpError)
  t.match(String((err as HttpError).error), FAKE_BOT_TOKEN, 'the raw network error does quote the token')
  log.error({ err }, 'request failed')
  log.error(err as Error)
  t.equal(lines.length, 2)
  t.notOk(lines.join('').includes(FAKE_BOT_TOKEN), 'the logged lines do not')
  t.match(lines[0], /Network request for 'getMe' failed/)
  t.match(lines[0], /\[redacted\]/)
})

t.test('the process: a refused token exits 1 without printing it; a good one polls until SIGTERM', async t => {
  const server = await startToolServer(t)
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai')
  t.teardown(async () => { await api.close(); await llm.close() })
  const env = { ...GOOD, CHAT_BOT_API_ROOT: api.apiRoot, MCP_URL: server.url.href, LLM_PROVIDER_A_BASE_URL: llm.url, ALLOWED_CHAT_USERS: '111' }

  const wrongToken = '987654321:WRONG-token_abcdefghijklmnopqrstu'
  const refused = runMain({ ...env, CHAT_BOT_TOKEN: wrongToken }, t)
  t.equal(await refused.exited, 1)
  t.match(refused.out.stdout, /The Bot API refused CHAT_BOT_TOKEN \(401 Unauthorized\)/)
  t.notOk((refused.out.stdout + refused.out.stderr).includes(wrongToken))

  const good = runMain({ ...env, CHAT_BOT_TOKEN: FAKE_BOT_TOKEN }, t)
  // However long the process takes to load on a loaded machine (tap's timeout catches a hang): polling, or it exited.
  await Promise.race([
    api.waitFor(() => api.callsOf('getUpdates').length > 0, Infinity, 'polling'),
    good.exited.then(code => { throw new Error(`the bot exited (${code}) before it polled:\n${good.out.stdout}${good.out.stderr}`) })
  ])
  api.sendText({ id: 111 }, 'hello')
  await api.waitFor(() => api.sentTo(111).find(m => m.text === 'ok'), 20_000, 'an answer from the process')
  good.child.kill('SIGTERM')
  t.equal(await good.exited, 0, 'a clean exit on SIGTERM')
  t.match(good.out.stdout, /"msg":"stopping"/)
  t.notOk(good.out.stdout.includes(FAKE_BOT_TOKEN) || good.out.stdout.includes(TEST_INTERNAL_KEY), 'no secret in the logs')
})
