// Issue 34 item 11 (the leaving notice): a household with only a household URL and nobody mapped in
// NOTIFY_PEOPLE is told which titles are leaving soon (before, nobody was ever told). No keep link goes there:
// a link is one person's. With people mapped, the household is not told by default (leaving=person).
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createNotifier } from '../../../lib/notify/index.js'
import { tellLeaving } from '../../../domains/maintenance/watched-keeps.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'

const quiet = { warn: () => {}, info: () => {} }

function appWith (t: { teardown: (fn: () => unknown) => void }, urls: string, people = '') {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-leaving-'))
  const notify = createNotifier({ urls, people, events: '', log: quiet, batchMs: 0 })
  t.teardown(async () => { await notify.close(); rmSync(dir, { recursive: true, force: true }) })
  const config = { STATE_DIR: dir, CLEANUP_LEAVING_SOON_DAYS: 7, CLEANUP_KEEP_TAG: 'keep', PUBLIC_URL: 'https://media.example', NOTIFY_EVENTS: '', CHAT_BOT_TOKEN: '' }
  return { notify, config, log: quiet, hasDecorator: () => false } as unknown as FastifyInstance
}

const heat = { key: 'Radarr:movie:12', kind: 'movie' as const, label: 'Radarr', instance: 'default', id: 12, title: 'Heat', bytes: 1, itemId: 'i12', lastPlayed: '2026-01-01T00:00:00.000Z', users: ['admin'], deletableFrom: '2026-12-05T00:00:00.000Z' }

t.test('with nobody mapped in NOTIFY_PEOPLE the household is told what is leaving', async t => {
  const household = await noticeReceiver()
  t.teardown(() => household.close())
  const app = appWith(t, `json://${household.host}/hook`)
  tellLeaving(app, [heat])
  await household.waitFor(1)
  await app.notify.idle()
  const body = JSON.parse(household.received[0]!.body) as { title: string, message: string }
  t.equal(body.title, 'Leaving soon')
  t.match(body.message, /^"Heat" is leaving the library on 2026-12-05: everyone has watched it\. To keep it, ask the assistant/)
  t.notMatch(body.message, /\/keep\//, 'no keep link: a link is one person\'s')
})

t.test('with people mapped the household is not told by default', async t => {
  const household = await noticeReceiver()
  t.teardown(() => household.close())
  const app = appWith(t, `json://${household.host}/hook`, 'alice=media:Alice')
  tellLeaving(app, [heat])
  await app.notify.idle()
  t.equal(household.received.length, 0)
})
