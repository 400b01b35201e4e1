// The SABnzbd simulator's downloads follow the clock it is given (issue 34 #13): the demo passes the wall clock,
// so the time left and progress a household reads move between two looks, as a real SABnzbd's do. A clock the
// test holds makes it exact, with no waiting.
import t from 'tap'
import { createSabnzbdSimulator } from '../../simulators/sabnzbd/server.js'

const KEY = 'sab0123456789abcdef0123456789abcd'

t.test('time left and progress move with the clock', async t => {
  let now = 1_000_000
  const sim = await createSabnzbdSimulator({ apiKey: KEY, bytesPerSecond: 1_024_000, now: () => now })
  t.teardown(() => sim.close())
  sim.state.add('Show.S01E01.1080p', 102_400_000, { cat: 'tv' })
  const slot = async () => (await (await fetch(`${sim.url}/api?mode=queue&output=json&apikey=${KEY}`)).json()).queue.slots[0]
  const first = await slot()
  t.equal(first.timeleft, '0:01:40', '100 s at its rate')
  now += 30_000
  const later = await slot()
  t.equal(later.timeleft, '0:01:10', '30 s later, 30 s less')
  t.equal(later.percentage, '30')
  now += 70_000
  t.equal((await slot())?.status, undefined, 'finished: no longer in the queue')
})
