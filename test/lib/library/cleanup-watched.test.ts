// What the watched category proves before it proposes a title (lib/library/cleanup-watched.ts), on plain data:
// several manager instances, undated plays, series dated by their episodes, and the leaving-soon marks.
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findWatched, type WatchedManager } from '../../../lib/library/cleanup-watched.js'
import { createLeavingSoonStore } from '../../../lib/library/leaving-soon.js'
import type { TitlePlay } from '../../../clients/jellyfin/play-data.js'

const now = new Date('2026-11-25T12:00:00Z')
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
const movie = (itemId: string, tmdbId: number, o: Partial<TitlePlay> = {}): TitlePlay =>
  ({ itemId, kind: 'Movie', name: `Movie ${tmdbId}`, path: `/data/movies/M${tmdbId}/m.mkv`, tmdbId, played: true, lastPlayed: ago(200), favorite: false, ...o })
const manager = (label: string, entries: Array<{ id: number, providerId: number, path?: string }>, o: Partial<WatchedManager> = {}): WatchedManager => ({
  kind: 'movie',
  label,
  instance: label,
  entries: async () => entries.map(e => ({ title: `Movie ${e.providerId}`, tags: [], bytes: 1000, ...e })),
  keepTagIds: async () => [],
  queued: async () => new Set(),
  ...o
})

t.test('a title two instances hold is left alone and named; the item\'s path picks the instance that holds it', async t => {
  const plays = {
    users: async () => [{ id: 'u1', name: 'ann' }, { id: 'u2', name: 'bob' }],
    titles: async () => ({ titles: [movie('a', 1), movie('b', 2, { path: undefined })], complete: true }),
    lastEpisodePlay: async () => undefined
  }
  const managers = [
    manager('Radarr', [{ id: 10, providerId: 1, path: '/data/movies/M1' }, { id: 20, providerId: 2 }]),
    manager('Radarr (uhd)', [{ id: 11, providerId: 1, path: '/data/movies-4k/M1' }, { id: 21, providerId: 2 }])
  ]
  const r = await findWatched(plays, managers, { days: 90, now })
  t.same(r.candidates.map(c => c.key), ['Radarr:movie:10'], 'the path shows which instance\'s copy the media server played')
  t.match(r.notes.join('\n'), /"Movie 2" left alone: Radarr and Radarr \(uhd\) both hold it/)
})

t.test('every user must have played it; undated plays, recent plays and series dated by episodes', async t => {
  const series: TitlePlay = { itemId: 's', kind: 'Series', name: 'Show', tvdbId: 7, played: true, lastPlayed: ago(500), favorite: false }
  const unmanaged: TitlePlay = { ...series, itemId: 'u', name: 'Elsewhere', tvdbId: 8 }
  const per: Record<string, TitlePlay[]> = {
    u1: [movie('a', 1), movie('b', 2, { lastPlayed: undefined }), movie('c', 3, { lastPlayed: ago(10) }), movie('d', 4), series, unmanaged],
    u2: [movie('a', 1), movie('b', 2), movie('c', 3), movie('d', 4, { played: false }), series, unmanaged]
  }
  const episodes: Record<string, string> = { u1: ago(300), u2: ago(20) }
  const asked: string[] = []
  const plays = {
    users: async () => [{ id: 'u1', name: 'ann' }, { id: 'u2', name: 'bob' }],
    titles: async (u: string) => ({ titles: per[u], complete: true }),
    lastEpisodePlay: async (u: string, item: string) => { asked.push(item); return episodes[u] }
  }
  const managers = [manager('Radarr', [1, 2, 3, 4].map(n => ({ id: n, providerId: n }))), { ...manager('Sonarr', [{ id: 9, providerId: 7 }]), kind: 'series' as const }]
  const r = await findWatched(plays, managers, { days: 90, now })
  t.same(r.candidates.map(c => c.title), ['Movie 1'], 'b has an undated play, c was played 10 days ago, d not by bob, the series\' last episode 20 days ago')
  t.match(r.notes.join('\n'), /1 watched title\(s\) left alone because a user's last play has no date/)
  t.equal(r.notes[0], 'watched: checked 6 title(s) for 2 enabled user(s) (ann, bob): 1 not finished by every user, 2 last played within 90 day(s)',
    'what was checked comes first, so "nothing qualifies" says why')
  t.equal(r.candidates[0].lastPlayed, ago(200))
  t.same(r.candidates[0].users, ['ann', 'bob'])
  t.same([...new Set(asked)], ['s'], 'episode dates are asked only for a series a manager holds')
  t.match(r.notes.join('\n'), /1 title\(s\) no series or movie manager holds files for/)

  const none = await findWatched({ ...plays, users: async () => [] }, managers, { days: 90, now })
  t.same(none.candidates, [])
  t.match(none.notes[0], /no enabled user/)
})

t.test('leaving-soon marks: marked, waiting, due, dropped; a damaged file is named', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-leaving-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const store = createLeavingSoonStore(dir)
  const week = 7 * 86_400_000
  const c = (key: string, lastPlayed = ago(200)) => ({ key, title: key, lastPlayed, bytes: 5 })
  const first = await store.reconcile([c('x'), c('y')], week, now)
  t.same(first.marked.map(m => m.key), ['x', 'y'])
  t.equal(first.marked[0].deletableFrom, new Date(now.getTime() + week).toISOString())
  const later = new Date(now.getTime() + 3 * 86_400_000)
  const waiting = await store.reconcile([c('x'), c('y')], week, later)
  t.same([waiting.marked.length, waiting.waiting.length, waiting.due.length], [0, 2, 0])
  const after = new Date(now.getTime() + week)
  const due = await store.reconcile([c('x'), c('y', ago(1))], week, after)
  t.same(due.due.map(d => d.key), ['x'], 'x is due once the window is over')
  t.same(due.marked.map(d => d.key), ['y'], 'y was watched again: a new window')
  t.same(due.dropped, ['y'])
  const gone = await store.reconcile([c('y', ago(1))], week, after)
  t.same(gone.dropped, ['x'], 'a title that no longer qualifies loses its mark')
  await store.forget('y')
  t.equal(await store.mark('y'), undefined)

  writeFileSync(join(dir, 'leaving-soon.json'), '{not json')
  await t.rejects(store.reconcile([], week, now), /Cannot read .*leaving-soon\.json.*Fix or remove the file/)
})
