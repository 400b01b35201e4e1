// The web chat's "it's ready" notices over app.inject, on the Sonarr and Jellyfin simulators: a grab asked for
// in /api/chat makes the signed-in credential a requester; once the episode is imported and the media server
// lists it, GET /api/notices shows it to that credential only, it survives a server restart, and reading it
// removes it for good. /follow through /api/notices/command.
import t from 'tap'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { WEB_NOTICES_FILE } from '../../plugins/notices.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { oauthLogin } from '../helpers/oauth-client.js'
import { importAndList, prepareGrab, SHOW } from '../helpers/ready-flow.js'
import { startServarrStack } from '../helpers/servarr-sims.js'

const internal: Record<string, string> = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }
const noticesOf = async (app: FastifyInstance, headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/notices', headers })).json()

t.test('a grab asked for in the web chat is told once, to that credential only, across a restart', async t => {
  const llm = await startFakeLlm('openai')
  t.teardown(llm.close)
  const s = await startServarrStack(t, {
    jellyfin: true,
    sim: { downloadMs: 1500, commandStepMs: 20 },
    config: { LLM_PROVIDER_A_API_KEY: 'fake-llm-key-0123456789', LLM_PROVIDER_A_BASE_URL: llm.url },
    build: { plugins: { notices: { intervalMs: 3_600_000 } } }
  })
  const grab = await prepareGrab(s)
  llm.script.push({ toolCalls: [{ name: 'series_grab', args: grab }] }, { text: 'Grabbed S01E02.' })

  const chat = await s.app.inject({ method: 'POST', url: '/api/chat', headers: internal, payload: { message: 'get Northern Line S01E02' } })
  t.match(chat.body, /event: tool_end[\s\S]*"ok":true/)
  t.same((await noticesOf(s.app, internal)).waitingFor, [`"${SHOW.title}" S01E02`])

  const other = { authorization: `Bearer ${(await oauthLogin(s.app)).tokens.access_token}` }
  t.same(await noticesOf(s.app, other), { notices: [], following: [], waitingFor: [] }, 'another credential sees nothing')

  await s.app.notices.checkNow()
  t.same((await noticesOf(s.app, internal)).notices, [], 'nothing before the import')
  await importAndList(s, grab.id as number)
  await s.app.notices.checkNow()
  const [notice] = (await noticesOf(s.app, internal)).notices
  t.equal(notice?.text, `📺 "${SHOW.title}" S01E02 "Undertow" is ready to watch.`)
  t.same((await noticesOf(s.app, other)).notices, [], 'still nothing for the other credential')
  const stolen = await s.app.inject({ method: 'POST', url: '/api/notices/read', headers: other, payload: { ids: [notice.id] } })
  t.same(stolen.json(), { removed: 0 }, 'another credential cannot clear it')

  // A restart before the person reads it: the unread notice is still there, and nothing is decided again.
  const { app } = await s.restart()
  await app.notices.checkNow()
  t.same((await noticesOf(app, internal)).notices.map((n: any) => n.id), [notice.id])
  const read = await app.inject({ method: 'POST', url: '/api/notices/read', headers: internal, payload: { ids: [notice.id] } })
  t.same(read.json(), { removed: 1 })
  await app.notices.checkNow()
  t.same(await noticesOf(app, internal), { notices: [], following: [], waitingFor: [] }, 'told once')
})

t.test('follow and unfollow through /api/notices/command; bad input is refused clearly', async t => {
  const s = await startServarrStack(t, { build: { plugins: { notices: { intervalMs: 3_600_000 } } } })
  await prepareGrab(s)
  const command = (text: string, headers = internal) => s.app.inject({ method: 'POST', url: '/api/notices/command', headers, payload: { text } })
  t.match((await command('/follow northern line')).json().reply, /You follow "Northern Line"/)
  t.same((await noticesOf(s.app, internal)).following.map((f: any) => f.title), ['Northern Line'])
  t.match((await command('/follow No Such Show')).json().reply, /could not find that show/)
  const wrong = await command('follow it')
  t.equal(wrong.statusCode, 400)
  t.match(wrong.json(), { error: 'unknown_command', hint: /\/follow <show>/ })
  t.equal((await command('')).statusCode, 400)
  t.equal((await s.app.inject({ method: 'GET', url: '/api/notices' })).statusCode, 401)
  t.equal((await command('/follow Northern Line', { ...internal, origin: 'https://evil.example' })).statusCode, 403, 'a foreign page cannot follow for the person')
  t.match((await command('/unfollow Northern Line')).json().reply, /no longer follow/)
  t.same((await noticesOf(s.app, internal)).following, [])
})

t.test('an unreadable notice state file pauses notices, not the server', async t => {
  // A folder where the file should be: EISDIR on read.
  const { app } = await buildTestApp(t, { beforeBuild: roots => mkdirSync(join(roots.state, WEB_NOTICES_FILE)) })
  t.equal((await app.inject({ method: 'GET', url: '/api/notices', headers: internal })).statusCode, 200)
})
