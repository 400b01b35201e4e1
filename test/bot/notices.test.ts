// "It's ready" notices in the bot, against the real tool server on the Sonarr and Jellyfin simulators: Alice
// asks for an episode (the model grabs it), Bob follows the show with /follow; after the import and the media
// server's scan, and a bot restart in the middle, each is told once in their own chat, and a further restart
// tells nobody again.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { NOTICES_FILE } from '../../bot/notices.js'
import { startFakeBotApi } from '../helpers/fake-bot-api.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { listenMcp } from '../helpers/mcp-client.js'
import { importAndList, prepareGrab, SHOW } from '../helpers/ready-flow.js'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { startBot, type ToolServer } from './harness.js'
import { createNotifier } from '../../lib/notify/index.js'
import { noticeReceiver } from '../helpers/notice-receiver.js'

const alice = { id: 111, first_name: 'Alice' }
const bob = { id: 222, first_name: 'Bob' }

t.test('a requester and a follower are each told once, in their own chat, across a restart', async t => {
  const s = await startServarrStack(t, { jellyfin: true, sim: { downloadMs: 1500, commandStepMs: 20 } })
  const server = { app: s.app, url: await listenMcp(s.app), roots: s.roots } as unknown as ToolServer
  const api = await startFakeBotApi()
  const grab = await prepareGrab(s)
  const llm = await startFakeLlm('openai', [{ toolCalls: [{ name: 'series_grab', args: grab }] }, { text: 'Grabbed S01E02.' }])
  t.teardown(async () => { await api.close(); await llm.close() })
  const first = await startBot(t, { api, server, llmUrl: llm.url })

  api.sendText(alice, 'get Northern Line S01E02')
  const reply = await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('Grabbed')), undefined, 'the reply')
  t.equal(reply.text, `Grabbed S01E02.\n\n🔔 I will tell you when "${SHOW.title}" S01E02 is ready to watch.`)
  api.sendText(bob, '/follow northern line')
  await api.waitFor(() => api.sentTo(bob.id).find(m => m.text.startsWith('🔔 You follow "Northern Line"')), undefined, '/follow')
  api.sendText(alice, '/following')
  const listed = await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.includes('ready to watch:')), undefined, '/following')
  t.equal(listed.text, `You follow no shows.\n\nI will tell you when these are ready to watch:\n• "${SHOW.title}" S01E02`, 'Alice sees her request, not Bob\'s follow')

  await first.chatBot.internals.notices.checkNow()
  const before = { alice: api.sentTo(alice.id).length, bob: api.sentTo(bob.id).length }
  t.same({ alice: before.alice, bob: before.bob }, { alice: 2, bob: 1 }, 'nothing is ready yet')

  // The bot stops while the episode is imported; the next one picks the request and the follow up.
  await first.stop()
  const saved = JSON.parse(readFileSync(join(first.stateDir, NOTICES_FILE), 'utf8'))
  t.equal(saved.requests.length, 1)
  t.equal(saved.follows.length, 1)
  await importAndList(s, grab.id as number)
  // Alice is named in NOTIFY_PEOPLE with her own channel (issue 28 item 8): the notice reaches it too.
  const channel = await noticeReceiver()
  t.teardown(() => channel.close())
  const notify = createNotifier({ urls: `alice=json://${channel.host}/alice`, people: `alice=telegram:${alice.id}`, log: { warn: () => {}, info: () => {} } })
  const second = await startBot(t, { api, server, llmUrl: llm.url, stateDir: first.stateDir, notices: { notify } })
  await second.chatBot.internals.notices.checkNow()
  t.same(api.sentTo(alice.id).slice(before.alice).map(m => m.text), [`📺 "${SHOW.title}" S01E02 "Undertow" is ready to watch.`])
  await notify.idle()
  t.match(channel.received.map(r => JSON.parse(r.body)), [{ title: 'Ready to watch', message: `📺 "${SHOW.title}" S01E02 "Undertow" is ready to watch.`, type: 'success' }], 'once, on her channel; Bob has none')
  t.same(api.sentTo(bob.id).slice(before.bob).map(m => m.text), [`🆕 New episode of "${SHOW.title}": S01E02 "Undertow" is ready to watch.`])

  await second.chatBot.internals.notices.checkNow()
  await second.stop()
  const third = await startBot(t, { api, server, llmUrl: llm.url, stateDir: first.stateDir })
  await third.chatBot.internals.notices.checkNow()
  t.equal(api.sentTo(alice.id).length, before.alice + 1, 'Alice is told once')
  t.equal(api.sentTo(bob.id).length, before.bob + 1, 'Bob is told once')
})
