// Issue 35 #8: with leaving=person+household each person's keep link went to the shared channel too, where another
// person could lift or keep as them. A keep link goes to its person's own channels only; the household's channel
// hears which titles leave, without a link.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'
import { tellLeaving } from '../../../domains/maintenance/watched-keeps.js'

t.test('keep links reach only their person with leaving=person+household', async t => {
  const [alice, bob, house] = [await noticeReceiver(), await noticeReceiver(), await noticeReceiver()]
  t.teardown(async () => { await alice.close(); await bob.close(); await house.close() })
  const { app } = await buildTestApp(t, {
    config: {
      PUBLIC_URL: 'https://media.example',
      NOTIFY_URLS: `alice=json://${alice.host}/alice bob=json://${bob.host}/bob json://${house.host}/house`,
      NOTIFY_PEOPLE: 'alice=media:admin bob=media:family',
      NOTIFY_EVENTS: 'leaving=person+household'
    }
  })
  const title = { key: 'radarr:movie:1', kind: 'movie' as const, label: 'radarr', instance: 'default', id: 1, title: 'Heat', bytes: 1, itemId: 'i1', lastPlayed: '2026-01-01T00:00:00Z', users: ['admin', 'family'], deletableFrom: '2026-12-05T00:00:00Z' }
  tellLeaving(app, [title])
  await alice.waitFor(1)
  await bob.waitFor(1)
  await house.waitFor(1)
  await app.notify.idle()
  const messages = (r: typeof alice) => r.received.map(x => (JSON.parse(x.body) as { message: string }).message)
  const linkOf = (r: typeof alice) => messages(r).map(m => /\/keep\/([\w-]+)/.exec(m)?.[1]).filter(Boolean)
  t.equal(linkOf(alice).length, 1, 'alice gets her link')
  t.equal(linkOf(bob).length, 1, 'bob gets his link')
  t.not(linkOf(alice)[0], linkOf(bob)[0], 'each their own')
  t.same(linkOf(house), [], 'the household\'s channel carries no keep link')
  t.match(messages(house), [/^Leaving the library soon, as everyone has watched them: "Heat"\. Each person who watched one was sent their own keep link\.$/])
  for (const r of [alice, bob]) t.notOk(messages(r).some(m => m.includes(linkOf(r === alice ? bob : alice)[0]!)), 'nobody gets another person\'s link')
})
