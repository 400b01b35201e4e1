// Issue 28 item 8, the stuck-download decision: once per download, across the sources that report it (the manager
// and the Usenet client holding the same job), recovered only when every source that reported it answered without it.
import t from 'tap'
import { createStuckWatch } from '../../../lib/notify/stuck-watch.js'
import type { Message } from '../../../core/notify/types.js'

const item = (key: string) => ({ key, message: { title: 'stuck', body: key } })

t.test('a download reported by its manager and its Usenet client is told once, and again only after both let go', async t => {
  const sent: Message[] = []
  const w = createStuckWatch({ send: m => sent.push(m) })
  w.round([{ source: 'series', items: [item('download:abc')] }, { source: 'usenet@default', items: [item('download:abc')] }])
  t.same(sent.map(m => m.body), ['download:abc'], 'one notice for one download')
  w.round([{ source: 'series', items: [] }, { source: 'usenet@default' }])
  w.round([{ source: 'series', items: [item('download:abc')] }, { source: 'usenet@default' }])
  t.equal(sent.length, 1, 'the Usenet client did not answer: not taken as recovered')
  w.round([{ source: 'series', items: [] }, { source: 'usenet@default', items: [] }])
  t.equal(w.size(), 0, 'both answered without it: recovered')
  w.round([{ source: 'usenet@default', items: [item('download:abc')] }])
  t.equal(sent.length, 2, 'stuck again: told again')
})

t.test('no source answered: nothing is told and nothing forgotten', async t => {
  const sent: Message[] = []
  const w = createStuckWatch({ send: m => sent.push(m) })
  w.round([{ source: 'movies', items: [item('movies:queue-4'), item('download:def')] }])
  w.round([{ source: 'movies' }])
  w.round([{ source: 'movies', items: [item('movies:queue-4'), item('download:def')] }])
  t.same(sent.map(m => m.body), ['movies:queue-4', 'download:def'])
})
