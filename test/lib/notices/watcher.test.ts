// "It's ready" notices (lib/notices): a request is told once when the manager has imported it since it was
// asked for and the media server lists it; follows tell each new episode once; the state survives a restart
// (a new watcher on the same file) without telling anything twice; each person sees only their own.
import t from 'tap'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNoticeStore, NOTICE_LIMITS } from '../../../lib/notices/store.js'
import { createNoticeWatcher } from '../../../lib/notices/watcher.js'
import { parseNoticeCommand, runNoticeCommand } from '../../../lib/notices/commands.js'
import type { Notice } from '../../../lib/notices/types.js'
import { fakeLibrary } from './fake-library.js'

const quiet = { info () {}, warn () {}, error () {} }
const grabSeason2 = { isError: false, text: 'grabbed', structured: { target: { seriesId: 7, title: 'Severance', seasonNumber: 2, code: 'S02' } } }
const grabMovie = { isError: false, text: 'grabbed', structured: { target: { movieId: 42, title: 'Heat', year: 1995 } } }

function setup (t: { teardown: (fn: () => unknown) => void }, file?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'notices-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  let clock = Date.parse('2026-11-20T10:00:00Z')
  const now = () => new Date(clock)
  const lib = fakeLibrary(now)
  const sent: Notice[] = []
  const make = (deliver = async (n: Notice) => { sent.push(n); return true }) => createNoticeWatcher({
    store: createNoticeStore(file ?? join(dir, 'notices.json'), quiet),
    runner: lib.runner,
    log: quiet,
    now,
    intervalMs: 3_600_000,
    deliver
  })
  return { dir, lib, sent, make, tick: (ms = 60_000) => { clock += ms } }
}

t.test('a requested season is told once, when every episode is imported and listed by the media server', async t => {
  const { lib, sent, make, tick } = setup(t)
  const w = make()
  await w.start()
  t.teardown(() => w.stop())
  t.equal(await w.record('alice', 'series_grab', grabSeason2), '"Severance" season 2')
  t.equal(await w.record('alice', 'series_status', grabSeason2), undefined, 'reads are not requests')

  tick(); lib.importEpisode(2, 1); lib.importEpisode(2, 2)
  await w.checkNow()
  t.same(sent, [], 'not while an episode is missing')
  tick(); lib.importEpisode(2, 3)
  await w.checkNow()
  t.same(sent, [], 'not while the media server does not list them')
  lib.listEpisode(2, 1); lib.listEpisode(2, 2); lib.listEpisode(2, 3)
  await w.checkNow()
  t.same(sent.map(n => [n.owner, n.text]), [['alice', '📺 "Severance" season 2 is ready to watch (3 episodes).']])
  await w.checkNow()
  lib.importEpisode(2, 3) // a re-import (an upgrade) is not a new request
  await w.checkNow()
  t.equal(sent.length, 1, 'told once')
  t.same(w.store.openRequests('alice'), [])
})

t.test('a movie already on disk before the request waits for an import after it', async t => {
  const { lib, sent, make, tick } = setup(t)
  lib.importMovie()
  lib.media.movieListed = true
  tick()
  const w = make()
  await w.start()
  t.teardown(() => w.stop())
  await w.record('bob', 'movie_grab', grabMovie)
  await w.checkNow()
  t.same(sent, [], 'the old import does not count')
  tick(); lib.importMovie()
  await w.checkNow()
  t.same(sent.map(n => [n.owner, n.text]), [['bob', '🎬 "Heat" (1995) is ready to watch.']])
})

t.test('without a media server the manager\'s import is enough; an unreachable one delays the notice', async t => {
  const { lib, sent, make, tick } = setup(t)
  const w = make()
  await w.start()
  t.teardown(() => w.stop())
  await w.record('bob', 'movie_search', { isError: false, text: 'added', structured: { added: { action: 'added', movieId: 42, title: 'Heat' } } })
  await w.record('bob', 'movie_search', { isError: false, text: 'updated', structured: { added: { action: 'updated', movieId: 42, title: 'Heat' } } })
  t.equal(w.store.openRequests('bob').length, 1, 'an update is not a request')
  tick(); lib.importMovie()
  lib.media.reachable = false
  await w.checkNow()
  t.same(sent, [], 'a failed read decides nothing')
  lib.media.reachable = true
  lib.media.configured = false
  await w.checkNow()
  t.equal(sent.length, 1)
})

t.test('a show whose reads fail or answer oddly does not stop the others', async t => {
  const { lib, sent, make, tick } = setup(t)
  const call = lib.runner.call
  lib.runner.call = async (name, args, signal) => name === 'series_status' ? { isError: false, text: 'odd', structured: { view: 'history' } } : await call(name, args, signal)
  const w = make()
  await w.start()
  t.teardown(() => w.stop())
  await w.record('alice', 'series_grab', grabSeason2)
  await w.record('alice', 'movie_grab', grabMovie)
  tick(); lib.importMovie(); lib.media.movieListed = true
  await w.checkNow()
  t.same(sent.map(n => n.text), ['🎬 "Heat" (1995) is ready to watch.'])
  t.equal(w.store.openRequests('alice').length, 1, 'the season still waits')
})

t.test('a restart in the middle: the request survives, the notice is sent once', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'notices-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'state', 'notices.json')
  const { lib, sent, make, tick } = setup(t, file)
  const first = make()
  await first.start()
  await first.record('alice', 'movie_grab', grabMovie)
  await first.stop()
  t.equal(JSON.parse(readFileSync(file, 'utf8')).requests.length, 1, 'the request is on disk')

  tick(); lib.importMovie(); lib.media.movieListed = true
  const second = make()
  await second.start()
  await second.checkNow()
  t.equal(sent.length, 1)
  await second.stop()
  const third = make()
  await third.start()
  await third.checkNow()
  await third.stop()
  t.equal(sent.length, 1, 'a further restart tells nothing again')
})

t.test('a notice decided but not delivered is delivered after a restart', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'notices-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'notices.json')
  const { lib, sent, make, tick } = setup(t, file)
  const failing = make(async () => { throw new Error('Bot API down') })
  await failing.start()
  await failing.record('alice', 'movie_grab', grabMovie)
  tick(); lib.importMovie(); lib.media.movieListed = true
  await failing.checkNow()
  await failing.stop()
  t.equal(JSON.parse(readFileSync(file, 'utf8')).outbox.length, 1, 'kept in the outbox')
  const w = make()
  await w.start()
  await w.checkNow()
  await w.stop()
  t.equal(sent.length, 1)
  t.equal(JSON.parse(readFileSync(file, 'utf8')).outbox.length, 0)
})

t.test('following a show tells each new episode once, and only to its followers', async t => {
  const { lib, sent, make, tick } = setup(t)
  const w = make()
  await w.start()
  t.teardown(() => w.stop())
  const signal = new AbortController().signal
  t.match(await runNoticeCommand(w, lib.runner, 'alice', 'follow', 'Severance', signal), /You follow "Severance"/)
  t.match(await runNoticeCommand(w, lib.runner, 'alice', 'follow', '7', signal), /already follow/)
  t.match(await runNoticeCommand(w, lib.runner, 'alice', 'follow', 'Nope', signal), /could not find that show/)
  await w.checkNow()
  t.same(sent, [], 'episodes already there are not news')

  tick(); lib.importEpisode(2, 1); lib.listEpisode(2, 1)
  await w.checkNow()
  t.same(sent.map(n => [n.owner, n.text]), [['alice', '🆕 New episode of "Severance": S02E01 "Ep 2.1" is ready to watch.']])
  lib.importEpisode(2, 1)
  await w.checkNow()
  t.equal(sent.length, 1, 'a re-import is not told again')

  t.match(await runNoticeCommand(w, lib.runner, 'alice', 'following', '', signal), /You follow:\n• "Severance"/)
  t.match(await runNoticeCommand(w, lib.runner, 'bob', 'following', '', signal), /You follow no shows/, 'bob sees none of alice\'s')
  t.match(await runNoticeCommand(w, lib.runner, 'alice', 'unfollow', 'Severance', signal), /no longer follow/)
  tick(); lib.importEpisode(2, 2); lib.listEpisode(2, 2)
  await w.checkNow()
  t.equal(sent.length, 1, 'nothing after unfollowing')
})

t.test('the store refuses a damaged file by setting it aside, and keeps each owner\'s notices apart', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'notices-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'notices.json')
  writeFileSync(file, '{"version":1,"requests":"nope"}')
  const store = createNoticeStore(file, quiet)
  await store.load()
  t.same(store.requests(), [])
  await store.decide('alice', 'for alice', new Date(), {})
  await store.decide('bob', 'for bob', new Date(), {})
  const [bobs] = store.outbox('bob')
  t.equal(await store.done('alice', [bobs.id]), 0, 'alice cannot clear bob\'s notice')
  t.same(store.outbox('alice').map(n => n.text), ['for alice'])
})

t.test('a request never ready is given up after 60 days, and the person told; limits bound each person', async t => {
  const { sent, make, tick } = setup(t)
  const w = make()
  await w.start()
  t.teardown(() => w.stop())
  await w.record('alice', 'movie_grab', grabMovie)
  tick(59 * 86_400_000)
  await w.checkNow()
  t.same(sent, [])
  tick(2 * 86_400_000)
  await w.checkNow()
  t.same(sent.map(n => n.text), ['⌛ I stopped waiting for "Heat": it was not ready 60 days after you asked.'])
  t.same(w.store.openRequests('alice'), [])

  for (let id = 1; id <= NOTICE_LIMITS.follows; id++) t.equal(await w.store.follow('bob', id, `Show ${id}`, new Date()), 'added')
  t.equal(await w.store.follow('bob', 999, 'One too many', new Date()), 'full')
  t.equal(await w.store.follow('carol', 999, 'Hers', new Date()), 'added', 'another person has their own room')
  for (let n = 1; n <= NOTICE_LIMITS.outbox + 5; n++) await w.store.decide('dave', `notice ${n}`, new Date(), {})
  const kept = w.store.outbox('dave')
  t.equal(kept.length, NOTICE_LIMITS.outbox, 'the oldest unread notices make room')
  t.equal(kept[0].text, 'notice 6')
})

t.test('commands are parsed strictly', async t => {
  t.same(parseNoticeCommand('/follow  The Expanse '), { command: 'follow', arg: 'The Expanse' })
  t.same(parseNoticeCommand('/following@media_bot'), { command: 'following', arg: '' })
  t.equal(parseNoticeCommand('follow Severance'), undefined)
  t.equal(parseNoticeCommand('/followers'), undefined)
})

t.test('with several series managers, a request and a follow keep the instance that holds the show and ask it', async t => {
  const { lib, sent, make, tick } = setup(t)
  // As withInstance answers with two series managers whose ids collide: a series call without `instance` is
  // refused with the choices, one with instance "anime" answers (naming it).
  const call = lib.runner.call
  const refused: string[] = []
  lib.runner.call = async (name, args, signal) => {
    if (name !== 'series_status') return await call(name, args, signal)
    if (args.instance !== 'anime') refused.push(JSON.stringify(args))
    if (args.instance !== 'anime') return { isError: true, text: 'seriesId 7 is in default; seriesId 7 is in anime: this call could mean several series managers. Call again with instance set to one of: default, anime.' }
    const { instance: _, ...rest } = args
    const r = await call(name, rest, signal)
    return r.structured ? { ...r, structured: { ...r.structured, instance: 'anime' } } : r
  }
  const w = make()
  await w.start()
  t.teardown(() => w.stop())
  const grab = { ...grabSeason2, structured: { ...grabSeason2.structured, instance: 'anime' } }
  t.equal(await w.record('alice', 'series_grab', grab), '"Severance" season 2')
  t.match(w.store.openRequests('alice')[0].target, { seriesId: 7, instance: 'anime' }, 'the request remembers the instance')
  t.match(await runNoticeCommand(w, { ...lib.runner, call: (n, a, s) => lib.runner.call(n, { ...a, instance: 'anime' }, s) }, 'bob', 'follow', 'Severance', new AbortController().signal), /You follow "Severance"/)
  t.match(w.store.follows('bob')[0], { seriesId: 7, instance: 'anime' })

  tick(); for (const e of [1, 2, 3]) { lib.importEpisode(2, e); lib.listEpisode(2, e) }
  await w.checkNow()
  t.same(sent.map(n => n.owner).sort(), ['alice', 'bob'], 'both are told: every check asked the anime instance')
  t.same(refused, [], 'no series read went out without the instance')
})
