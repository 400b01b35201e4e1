// Issue 28 item 8: a backend down for more than a few minutes and a low disk are told once, not every round.
import t from 'tap'
import { createHouseholdWatch } from '../../../lib/notify/household-watch.js'
import type { Message } from '../../../core/notify/types.js'

t.test('a backend is told down after the grace, once, and back once', async t => {
  const sent: Array<[string, Message]> = []
  const w = createHouseholdWatch({ downAfterMs: 5 * 60_000, send: (e, m) => sent.push([e, m]) })
  const sonarr = (reachable: boolean) => [{ service: 'Sonarr', configured: true, reachable }, { service: 'pyLoad', configured: false, reachable: false }]
  w.backends(sonarr(false), 0)
  w.backends(sonarr(false), 4 * 60_000)
  t.same(sent, [], 'a short blip is not told')
  w.backends(sonarr(false), 6 * 60_000)
  w.backends(sonarr(false), 7 * 60_000)
  t.match(sent, [['down', { title: 'Sonarr is down', body: /not answered for 6 minute/ }]], 'told once; an unconfigured backend never')
  w.backends(sonarr(true), 8 * 60_000)
  t.match(sent[1], ['down', { title: 'Sonarr is back' }])
  w.backends(sonarr(false), 9 * 60_000)
  w.backends(sonarr(true), 10 * 60_000)
  t.equal(sent.length, 2, 'a blip after recovery is not told')
})

t.test('a low disk is told once until it has room again', async t => {
  const sent: Array<[string, Message]> = []
  const w = createHouseholdWatch({ send: (e, m) => sent.push([e, m]) })
  const low = [{ key: '/downloads', sentence: 'the downloads disk (/downloads) has 4 GiB free, below DISK_MIN_FREE_GIB (10 GiB)' }]
  w.disks(low)
  w.disks(low)
  w.disks([])
  w.disks(low)
  t.equal(sent.length, 2)
  t.match(sent[0], ['disk', { title: 'Low disk space', body: /^The downloads disk \(\/downloads\) has 4 GiB free/ }])
})

// Issue 34 item 12: server_status covers the media server only, so a down downloader's notice must send people to
// where every backend is shown (the dashboard's Services card), with the probe's reason.
t.test('a down downloader is told with its reason and where it is shown, not server_status', async t => {
  const sent: Array<[string, Message]> = []
  const w = createHouseholdWatch({ downAfterMs: 60_000, send: (e, m) => sent.push([e, m]) })
  const down = [{ service: 'Transmission', configured: true, reachable: false, error: 'Cannot reach http://127.0.0.1:9091 (connection refused).' }]
  w.backends(down, 0)
  w.backends(down, 2 * 60_000)
  t.equal(sent.length, 1)
  const body = sent[0]![1].body
  t.notMatch(body, /server_status/, 'server_status never shows Transmission')
  t.match(body, /\(Cannot reach http:\/\/127\.0\.0\.1:9091 \(connection refused\)\)\. /, 'the probe reason is in the notice')
  t.match(body, /dashboard's Services card shows why\.$/)
})
