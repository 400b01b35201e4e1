// The session table's policy on a fake clock: cap with reservations, owner binding, idle expiry that
// spares sessions with a request or stream in flight, and caps under which a credential's sessions make
// room only for that credential.
import t from 'tap'
import { createSessionStore, type Holder } from '../../../../plugins/mcp/http/session-store.js'

const h = (id: string, more: Omit<Holder, 'id'> = {}): Holder => ({ id, ...more })

function setup (max = 2, idleMs = 1000) {
  let clock = 0
  const removed: string[] = []
  const store = createSessionStore<string>({
    limits: { idleMs, max, perPrincipal: 10, perClient: 100, perSource: 100, kept: 0 },
    onRemove: (s, why) => removed.push(`${s.id}:${why}`),
    now: () => clock
  })
  return { store, removed, tick: (ms: number) => { clock += ms } }
}

t.test('cap counts sessions being opened', async t => {
  const { store } = setup(2)
  t.ok(store.reserve(h('p1')).ok)
  t.ok(store.reserve(h('p1')).ok)
  t.same(store.reserve(h('p2')), { ok: false, reason: 'full' }, 'two initializes in flight fill a cap of 2')
  store.add('a', h('p1'), 'A')
  store.release(h('p1'))
  t.equal(store.size, 1)
  t.ok(store.reserve(h('p2')).ok, 'a released reservation frees its slot')
})

t.test('lookup binds to the owner', async t => {
  const { store } = setup()
  store.reserve(h('p1'))
  store.add('a', h('p1'), 'A')
  t.match(store.lookup('a', 'p1'), { ok: true, session: { value: 'A' } })
  t.same(store.lookup('a', 'p2'), { ok: false, reason: 'foreign' })
  t.same(store.lookup('b', 'p1'), { ok: false, reason: 'unknown' })
})

t.test('idle expiry skips sessions with work in flight', async t => {
  const { store, removed, tick } = setup(5, 1000)
  store.reserve(h('p')); const a = store.add('a', h('p'), 'A')
  store.reserve(h('p')); store.add('b', h('p'), 'B')
  const leave = store.enter(a)
  tick(1500)
  t.equal(store.sweep(), 1)
  t.same(removed, ['b:idle'])
  leave()
  leave()
  t.equal(a.active, 0, 'leaving twice counts once')
  tick(500)
  t.equal(store.sweep(), 0, 'idle time restarts when the stream ends')
  tick(600)
  t.equal(store.sweep(), 1)
  t.equal(store.size, 0)
})

t.test('forget drops silently; closeAll reports every session', async t => {
  const { store, removed } = setup(5)
  store.reserve(h('p')); store.add('a', h('p'), 'A')
  store.reserve(h('p')); store.add('b', h('p'), 'B')
  store.forget('a')
  store.forget(undefined)
  store.closeAll()
  t.same(removed, ['b:closed'])
  store.configure({ max: 0 })
  t.notOk(store.reserve(h('p')).ok)
})

t.test('at its own cap a credential gives up its own least recently used session, idle before busy', async t => {
  const { store, removed, tick } = setup(10)
  store.configure({ perPrincipal: 3 })
  const held = ['a', 'b', 'c'].map(id => { t.ok(store.reserve(h('p')).ok); tick(1); return store.add(id, h('p'), id) })
  const finish = held.map(s => store.enter(s))
  finish[1]()
  t.ok(store.reserve(h('p')).ok)
  t.same(removed, ['b:evicted'], 'idle before busy')
  store.enter(store.add('d', h('p'), 'd'))
  store.configure({ perPrincipal: 2 })
  t.ok(store.reserve(h('p')).ok, 'every session busy (an open event stream): its own oldest makes room')
  t.same(removed.at(-1), 'a:evicted')
})

t.test('a full table takes no one\'s sessions: a credential may only replace its own idle one', async t => {
  const { store, removed, tick } = setup(4)
  const stranger = ['s1', 's2', 's3'].map(id => { store.reserve(h('stranger')); tick(1); return store.add(id, h('stranger'), id) })
  store.reserve(h('user')); const user = store.add('u1', h('user'), 'u1')
  stranger.forEach(s => store.enter(s))
  t.same(store.reserve(h('other')), { ok: false, reason: 'full' }, 'a credential holding nothing is refused')
  t.same(store.reserve(h('stranger')), { ok: false, reason: 'full' }, 'every session of the stranger is busy: refused')
  t.same(removed, [], 'nobody\'s session was taken')
  t.equal(user.active, 0)
  t.ok(store.reserve(h('user')).ok, 'the user replaces its own idle session')
  t.same(removed, ['u1:evicted'])
})

t.test('kept room: sessions of other holders never fill what is kept for the internal key', async t => {
  const { store, removed } = setup(5)
  store.configure({ kept: 2 })
  for (const id of ['a', 'b', 'c']) { t.ok(store.reserve(h(`grant-${id}`)).ok); store.add(id, h(`grant-${id}`), id) }
  t.same(store.reserve(h('grant-d')), { ok: false, reason: 'full' }, 'three of five taken, two kept')
  const internal = h('internal', { kept: true })
  t.ok(store.reserve(internal).ok); store.enter(store.add('i1', internal, 'i1'))
  t.ok(store.reserve(internal).ok); store.enter(store.add('i2', internal, 'i2'))
  t.same(store.reserve(internal), { ok: false, reason: 'full' }, 'the table is full, and both its sessions are busy')
  t.same(removed, [])
})

t.test('one client registration and one registering address hold at most their caps, whatever the number of grants', async t => {
  const { store, removed } = setup(100)
  store.configure({ perClient: 3, perSource: 5 })
  const grant = (n: number, client = 'x', source = 'addr') => h(`oauth:g${n}`, { client, source })
  for (let n = 1; n <= 3; n++) {
    t.ok(store.reserve(grant(n)).ok)
    store.enter(store.add(`x${n}`, grant(n), 'x')) // each holds an open event stream
  }
  t.same(store.reserve(grant(4)), { ok: false, reason: 'client' }, 'a fourth grant of the registration is refused')
  t.same(store.reserve(grant(1)), { ok: false, reason: 'client' }, 'a grant whose sessions are all busy is refused too')
  t.ok(store.reserve(grant(5, 'y')).ok); store.add('y1', grant(5, 'y'), 'y')
  t.ok(store.reserve(grant(6, 'z')).ok); store.add('z1', grant(6, 'z'), 'z')
  t.same(store.reserve(grant(7, 'w')), { ok: false, reason: 'source' }, 'registrations from one address hold at most 5')
  t.ok(store.reserve(grant(8, 'v', 'elsewhere')).ok, 'another address is not affected')
  t.same(removed, [], 'no session was taken from anyone')
  t.ok(store.reserve(grant(5, 'y')).ok, 'a grant with an idle session of its own replaces it')
  t.same(removed, ['y1:evicted'])
  store.release(grant(5, 'y'))
  store.release(grant(5, 'y'))
  t.ok(store.reserve(grant(9, 'y')).ok, 'a released slot counts once')
  t.same(store.reserve(grant(10, 'u')), { ok: false, reason: 'source' })
})

t.test('hibernation: idle sessions and the least recently used beyond the awake cap, never one with work in flight', async t => {
  let clock = 0
  const hibernated: string[] = []
  const removed: string[] = []
  const store = createSessionStore<string>({
    limits: { idleMs: 10_000, hibernateMs: 1000, awake: 2, max: 10, perPrincipal: 10, perClient: 100, perSource: 100, kept: 0 },
    onRemove: s => removed.push(s.id),
    onHibernate: s => hibernated.push(s.id),
    now: () => clock
  })
  const a = store.add('a', h('p1'), 'A')
  clock += 10
  const b = store.add('b', h('p1'), 'B')
  clock += 10
  const leaveA = store.enter(a)
  const c = store.add('c', h('p1'), 'C')
  t.same(hibernated, ['b'], 'over the cap, the least recently used idle session hibernates; a, being served, does not')
  t.same([a.awake, b.awake, c.awake], [true, false, true])
  leaveA()
  t.equal(store.size, 3, 'a hibernated session stays open')
  t.match(store.lookup('b', 'p1'), { ok: true, session: { awake: false } })
  t.same(store.lookup('b', 'p2'), { ok: false, reason: 'foreign' }, 'and bound to its owner')

  // Woken by its next request: the least recently used idle one makes room.
  const leaveB = store.enter(b)
  store.woke(b)
  t.same(hibernated, ['b', 'c'])
  t.equal(store.awakeCount, 2)

  // Idle for hibernateMs: hibernated by the sweep, unless a request is in flight; closed after idleMs.
  clock += 1500
  t.equal(store.sweep(), 0)
  t.same(hibernated, ['b', 'c', 'a'], 'b has a request in flight')
  leaveB()
  clock += 1500
  store.sweep()
  t.same(hibernated, ['b', 'c', 'a', 'b'])
  t.equal(store.awakeCount, 0)
  clock += 10_000
  t.equal(store.sweep(), 3)
  t.same(removed.sort(), ['a', 'b', 'c'], 'hibernated sessions still expire')
})
