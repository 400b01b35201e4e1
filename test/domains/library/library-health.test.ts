// get_library_state without a title: the health section on the series and movie manager simulators, their
// seeded library laid on disk as the demo does (simulators/household.ts furnishLibrary). Each entry's call is
// followed as given and must fix what it names; a manager down is named, never "nothing untracked" over it.
import t from 'tap'
import { copyFileSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { startServarrStack, type ServarrStack } from '../../helpers/servarr-sims.js'
import { furnishLibrary } from '../../../simulators/household.js'
import { follow } from '../../helpers/follow-next.js'
import { data, text } from '../../helpers/results.js'
import { libraryHealth } from '../../../lib/library/library-health.js'
import { healthManagers } from '../../../domains/library/health-managers.js'
import type { HealthEntry } from '../../../lib/library/library-health.js'
import { HEALTH_ENTRIES_LISTED } from '../../../domains/library/tools/get-library-state.js'

// Three stacks, each with the managers' whole seeded library laid on disk (about 4,000 files): minutes on a loaded machine.
t.setTimeout(360_000)

async function furnished (t: { teardown: (fn: () => unknown) => void }, config?: Record<string, unknown>) {
  const s = await startServarrStack(t, { config })
  const sample = join(s.roots.base, 'sample.mkv')
  writeFileSync(sample, Buffer.alloc(2048, 1))
  furnishLibrary(s.sonarr, s.radarr, sample)
  // The managers' whole lists are read once before the checks (a loaded machine's first read can be slow; the
  // health check reads them from the clients' cache then).
  const b = s.app.backends
  for (const read of [() => b.sonarr.listSeries(), () => b.radarr.listMovies()]) {
    for (let attempt = 1; attempt <= 3 && !config?.MOVIE_MANAGER_URL; attempt++) if (await read().then(() => true, () => false)) break
  }
  return s
}

const real = (s: ServarrStack, seen: string) => join(s.roots.media, seen.replace(/^\/data\//, ''))
const health = async (s: ServarrStack) => {
  const r = await s.call('get_library_state', {})
  t.notOk(r.isError, text(r))
  return { entries: data(r).health.entries as HealthEntry[], parts: data(r).health.parts, text: text(r) }
}

t.test('an untracked file, a duplicate, a missing file and a folder no manager maps: each named with the call that fixes it', async t => {
  const s = await furnished(t)
  const before = await health(s)
  t.same(before.entries, [], `the furnished library is whole: ${before.text}`)
  t.ok(before.parts.every((p: { state: string }) => p.state === 'checked'), 'every part was checked')
  t.match(before.text, /Library health: Nothing untracked, unmapped, missing or duplicated in /)

  // A series with one episode that has a file and one that has none (already aired).
  const lib = s.sonarr.state.library
  const series = [...lib.series.values()].find(x => {
    const eps = lib.bySeries.get(x.id) ?? []
    return eps.some(e => e.episodeFileId) && eps.some(e => !e.episodeFileId && Date.parse(e.airDateUtc) < Date.now())
  })!
  const eps = lib.bySeries.get(series.id)!
  const withFile = eps.find(e => e.episodeFileId)!
  const tracked = real(s, lib.files.get(withFile.episodeFileId)!.path)
  const copy = join(dirname(tracked), `${series.title} - S${String(withFile.seasonNumber).padStart(2, '0')}E${String(withFile.episodeNumber).padStart(2, '0')} - copy.mkv`)
  copyFileSync(tracked, copy)
  const other = [...lib.series.values()].find(x => x.id !== series.id && (lib.bySeries.get(x.id) ?? []).some(e => !e.episodeFileId && Date.parse(e.airDateUtc) < Date.now() && e.seasonNumber > 0))!
  const wanted = lib.bySeries.get(other.id)!.find(e => !e.episodeFileId && Date.parse(e.airDateUtc) < Date.now() && e.seasonNumber > 0)!
  const untracked = join(real(s, other.path), `Season ${String(wanted.seasonNumber).padStart(2, '0')}`, `${other.title} - S${String(wanted.seasonNumber).padStart(2, '0')}E${String(wanted.episodeNumber).padStart(2, '0')}.mkv`)
  mkdirSync(dirname(untracked), { recursive: true })
  writeFileSync(untracked, Buffer.alloc(2048, 2))
  const movie = [...s.radarr.state.library.movies.values()].find(m => m.movieFileId)!
  unlinkSync(real(s, s.radarr.state.library.files.get(movie.movieFileId)!.path))
  mkdirSync(join(s.roots.media, 'tv', 'Nobody Knows Me', 'Season 01'), { recursive: true })
  writeFileSync(join(s.roots.media, 'tv', 'Nobody Knows Me', 'Season 01', 'Nobody Knows Me - S01E01.mkv'), Buffer.alloc(10))

  const after = await health(s)
  const by = (p: string) => after.entries.filter(e => e.problem === p)
  t.match(by('duplicate'), [{ path: copy.slice(s.roots.media.length + 1), title: series.title, next: [{ tool: 'manage_files', arguments: { action: 'delete', paths: [copy.slice(s.roots.media.length + 1)] } }] }])
  t.match(by('untracked'), [{ path: untracked.slice(s.roots.media.length + 1), title: other.title, next: [{ tool: 'series_rescan', arguments: { id: other.id, idType: 'seriesId' } }] }])
  t.match(by('missingFile'), [{ title: movie.title, next: [{ tool: 'movie_rescan', arguments: { id: movie.id, idType: 'movieId' } }] }])
  t.match(by('unmappedFolder'), [{ path: 'tv/Nobody Knows Me', next: [{ tool: 'series_search', arguments: { term: 'Nobody Knows Me' } }] }])
  t.equal(after.entries.length, 4, after.text)
  t.match(after.text, /1 duplicate/)

  // The rescans and the delete fix what they name (the delete asks for confirmation; follow confirms it).
  await follow(t, s.call, [...by('untracked'), ...by('missingFile'), ...by('duplicate')].flatMap(e => e.next))
  const fixed = await health(s)
  t.same(fixed.entries.map(e => e.problem), ['unmappedFolder'], fixed.text)
})

t.test('a manager down: named as not answering, and no folder is called unmapped over it', async t => {
  const s = await furnished(t, { MOVIE_MANAGER_URL: 'http://127.0.0.1:9' })
  mkdirSync(join(s.roots.media, 'tv', 'Nobody Knows Me'), { recursive: true })
  writeFileSync(join(s.roots.media, 'tv', 'Nobody Knows Me', 'Nobody Knows Me - S01E01.mkv'), Buffer.alloc(10))
  const h = await health(s)
  t.same(h.entries, [])
  t.match(h.parts, [{ part: 'the movie manager', state: 'unknown' }])
  t.match(h.parts.find((p: any) => p.part === 'folders no manager maps'), { state: 'skipped' })
  t.notMatch(h.text, /Nothing untracked[^.]*movie manager/, '"nothing" is said only over the parts checked')
  t.match(h.text, /Not checked: folders no manager maps \(the movie manager did not answer/)
  t.match(h.text, /Unknown, did not answer: the movie manager/)
})

t.test('the walk is bounded: cut short, it says which root was not walked through', async t => {
  const s = await furnished(t)
  const h = await libraryHealth({ media: s.roots.media, display: s.app.sandbox.display, managers: healthManagers(s.app), limits: { maxFiles: 5 } })
  t.ok(h.parts.some(p => p.state === 'skipped' && /beyond the first 5 entries/.test(p.part)), JSON.stringify(h.parts))
  t.same(h.entries.filter(e => e.problem === 'unmappedFolder' || e.problem === 'missingFile'), [], 'nothing is judged in a root not walked through')
})

t.test('a media folder not laid out (every listed file missing): the answer lists the first 100 and counts them all', async t => {
  const s = await startServarrStack(t, {})
  mkdirSync(join(s.roots.media, 'tv'), { recursive: true })
  mkdirSync(join(s.roots.media, 'movies'), { recursive: true })
  const h = await health(s)
  const missing = Number(/(\d+) missingFile/.exec(h.text)?.[1])
  t.ok(missing > HEALTH_ENTRIES_LISTED, `more missing files than one answer lists: ${h.text.slice(0, 300)}`)
  t.equal(h.entries.length, HEALTH_ENTRIES_LISTED, 'the structured answer stays bounded')
  t.match(h.text, new RegExp(`health lists the first ${HEALTH_ENTRIES_LISTED} of \\d+, each with the call that fixes it`))
  t.match(h.text, /check that the media folder is mounted/)
})
