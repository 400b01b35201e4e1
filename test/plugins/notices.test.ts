// Issue 28 item 4 for the web chat: its "it's ready" notices also reach the owner's own channels (NOTIFY_PEOPLE
// names the owner, as REQUESTS_USERS does: every web-chat credential is the owner's), once, beside the web chat's
// own list; without an owner in NOTIFY_PEOPLE nobody's channel gets them. Settings that name two owners are refused.
import t, { type Test } from 'tap'
import { notifySettingsProblems } from '../../lib/notify/index.js'
import { TEST_INTERNAL_KEY } from '../helpers/build.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { noticeReceiver } from '../helpers/notice-receiver.js'
import { importAndList, prepareGrab, SHOW } from '../helpers/ready-flow.js'
import { startServarrStack } from '../helpers/servarr-sims.js'

const internal: Record<string, string> = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }

async function readyFromWebChat (t: Test, people: string) {
  const llm = await startFakeLlm('openai')
  t.teardown(llm.close)
  const alice = await noticeReceiver()
  const bob = await noticeReceiver()
  t.teardown(async () => { await alice.close(); await bob.close() })
  const s = await startServarrStack(t, {
    jellyfin: true,
    sim: { downloadMs: 1500, commandStepMs: 20 },
    config: {
      LLM_PROVIDER_A_API_KEY: 'fake-llm-key-0123456789',
      LLM_PROVIDER_A_BASE_URL: llm.url,
      NOTIFY_URLS: `alice=json://${alice.host}/a bob=json://${bob.host}/b`,
      NOTIFY_PEOPLE: people
    },
    build: { plugins: { notices: { intervalMs: 3_600_000 } } }
  })
  const grab = await prepareGrab(s)
  llm.script.push({ toolCalls: [{ name: 'series_grab', args: grab }] }, { text: 'Grabbed S01E02.' })
  const chat = await s.app.inject({ method: 'POST', url: '/api/chat', headers: internal, payload: { message: 'get Northern Line S01E02' } })
  t.match(chat.body, /event: tool_end[\s\S]*"ok":true/)
  await importAndList(s, grab.id as number)
  await s.app.notices.checkNow()
  await s.app.notices.checkNow()
  await s.app.notify.idle()
  const listed = (await s.app.inject({ method: 'GET', url: '/api/notices', headers: internal })).json().notices
  return { alice, bob, listed }
}

t.test('the owner named in NOTIFY_PEOPLE hears the web chat\'s notice on their channel, once', async t => {
  const { alice, bob, listed } = await readyFromWebChat(t, 'alice=telegram:111,owner bob=telegram:222')
  const text = `📺 "${SHOW.title}" S01E02 "Undertow" is ready to watch.`
  t.same(listed.map((n: any) => n.text), [text], 'still in the web chat\'s own list')
  t.same(alice.received.map(r => JSON.parse(r.body)), [{ version: '1.0', title: 'Ready to watch', message: text, attachments: [], type: 'success' }], 'once, on the owner\'s channel')
  t.equal(bob.received.length, 0, 'nobody else\'s')
})

t.test('without an owner in NOTIFY_PEOPLE no channel gets the web chat\'s notices', async t => {
  const { alice, bob, listed } = await readyFromWebChat(t, 'alice=telegram:111 bob=telegram:222')
  t.equal(listed.length, 1)
  t.equal(alice.received.length + bob.received.length, 0)
})

t.test('two owners are refused at start, naming both', async t => {
  t.match(notifySettingsProblems({ NOTIFY_URLS: 'alice=json://127.0.0.1:9/a bob=json://127.0.0.1:9/b', NOTIFY_PEOPLE: 'alice=owner bob=telegram:2,owner', NOTIFY_EVENTS: '' }),
    ['NOTIFY_PEOPLE: owner is given to alice and bob; the web chat is one person\'s, so give it to one'])
  t.same(notifySettingsProblems({ NOTIFY_URLS: 'alice=json://127.0.0.1:9/a', NOTIFY_PEOPLE: 'alice=owner', NOTIFY_EVENTS: '' }), [])
})
