// The session table's policy on a fake clock: cap with reservations, owner binding, idle expiry that
// spares sessions with a request or stream in flight.
import t from 'tap'
import { createSessionStore } from '../../../plugins/mcp/session-store.js'

function setup (max = 2, idleMs = 1000) {
  let clock = 0
  const removed: string[] = []
  const store = createSessionStore<string>({
    limits: { idleMs, max, perPrincipal: 10 },
    onRemove: (s, why) => removed.push(`${s.id}:${why}`),
    now: () => clock
  })
  return { store, removed, tick: (ms: number) => { clock += ms } }
}

t.test('cap counts sessions being opened', async t => {
  const { store } = setup(2)
  t.ok(store.reserve('p1').ok)
  t.ok(store.reserve('p1').ok)
  t.same(store.reserve('p2'), { ok: false, reason: 'full' }, 'two initializes in flight fill a cap of 2')
  store.add('a', 'p1', 'A')
  store.release('p1')
  t.equal(store.size, 1)
  t.ok(store.reserve('p2').ok, 'a released reservation frees its slot')
})

t.test('lookup binds to the owner', async t => {
  const { store } = setup()
  store.reserve('p1')
  store.add('a', 'p1', 'A')
  t.match(store.lookup('a', 'p1'), { ok: true, session: { value: 'A' } })
  t.same(store.lookup('a', 'p2'), { ok: false, reason: 'foreign' })
  t.same(store.lookup('b', 'p1'), { ok: false, reason: 'unknown' })
})

t.test('idle expiry skips sessions with work in flight', async t => {
  const { store, removed, tick } = setup(5, 1000)
  store.reserve('p'); const a = store.add('a', 'p', 'A')
  store.reserve('p'); store.add('b', 'p', 'B')
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
  store.reserve('p'); store.add('a', 'p', 'A')
  store.reserve('p'); store.add('b', 'p', 'B')
  store.forget('a')
  store.forget(undefined)
  store.closeAll()
  t.same(removed, ['b:closed'])
  store.configure({ max: 0 })
  t.notOk(store.reserve('p').ok)
})

t.test('one principal holds at most perPrincipal sessions; a full server evicts from the heaviest holder', async t => {
  const { store, removed, tick } = setup(4)
  store.configure({ perPrincipal: 3 })
  const held = ['a', 'b', 'c'].map(id => { t.ok(store.reserve('stranger').ok); tick(1); return store.add(id, 'stranger', id) })
  const finish = held.map(s => store.enter(s))
  finish[1]()
  t.ok(store.reserve('stranger').ok, 'at its cap: its own least recently used idle session makes room')
  t.same(removed, ['b:evicted'], 'idle before busy')
  store.add('d', 'stranger', 'd')
  t.ok(store.reserve('owner').ok); store.add('o1', 'owner', 'o1')
  t.ok(store.reserve('owner').ok, 'the server is full, yet the owner gets in')
  t.same(removed, ['b:evicted', 'd:evicted'], 'the stranger\'s least recently used idle session made room')
  store.add('o2', 'owner', 'o2')
  t.same(store.reserve('owner'), { ok: false, reason: 'full' }, 'another credential\'s sessions with work in flight are never evicted')
  store.configure({ perPrincipal: 2 })
  t.ok(store.reserve('stranger').ok, 'at its cap with every session busy (an open event stream), its own oldest makes room')
  t.same(removed.at(-1), 'a:evicted')
})
