// cleanup_server's watched category against hostile manager folders (issue 24 item 2): a watched movie whose
// folder in the movie manager is the library's top folder, the media root, "/" or outside the media root is left
// alone with a note naming why, the other titles still go on, and a folder that turns hostile between the
// preview and the delete is skipped, never handed to the manager to delete. Runnable alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { SERVARR_KEYS, startServarrStack } from '../../helpers/servarr-sims.js'
import { materialize } from '../../helpers/title-files.js'
import { toolContext } from '../../helpers/sim-app.js'

t.setTimeout(120_000)
const s = await startServarrStack(t, { jellyfin: 'managers' })
const jf = async (method: string, path: string): Promise<any> => {
  const res = await fetch(`${s.jellyfin!.url}${path}`, { method, headers: { authorization: `MediaBrowser Token="${SERVARR_KEYS.jellyfin}"` } })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`)
  const text = await res.text()
  return text ? JSON.parse(text) : undefined
}
const text = (r: any) => r.content.map((c: any) => c.text).join('\n')
const args = { categories: ['watched'], watchedDays: 90 }
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()
const passWindow = () => {
  const file = join(s.config.STATE_DIR, 'leaving-soon.json')
  const all = JSON.parse(readFileSync(file, 'utf8'))
  for (const m of Object.values(all) as Array<{ markedAt: string }>) m.markedAt = daysAgo(8)
  writeFileSync(file, JSON.stringify(all))
}

t.test('hostile folders are left alone with a note; the rest of the category goes on; a folder that turns hostile is skipped', async t => {
  const users = (await jf('GET', '/Users') as Array<{ Id: string, Policy: { IsDisabled: boolean } }>).filter(u => !u.Policy.IsDisabled)
  const items = (await jf('GET', '/Items?recursive=true&includeItemTypes=Movie&fields=ProviderIds&fields=Path')).Items as Array<{ Id: string, ProviderIds: Record<string, string> }>
  const byTmdb = new Map([...s.radarr.state.library.movies.values()].map(m => [String(m.tmdbId), m]))
  const held = items.map(i => ({ item: i, movie: byTmdb.get(i.ProviderIds.Tmdb) })).filter(x => x.movie?.movieFileId && x.movie.path.startsWith('/data/movies/'))
  t.ok(held.length >= 5)
  const [top, root, slash, outside, good] = held
  for (const x of [top, root, slash, outside, good]) {
    for (const u of users) await jf('POST', `/UserPlayedItems/${x.item.Id}?userId=${u.Id}&datePlayed=${encodeURIComponent(daysAgo(200))}`)
  }
  materialize(s.radarr, good.movie!.id)
  top.movie!.path = '/data/movies'
  root.movie!.path = '/data'
  slash.movie!.path = '/'
  // Outside the media root: the media server's file is not in that folder, so it is not even matched to the entry.
  outside.movie!.path = '/etc'

  const first = await s.call('cleanup_server', args)
  t.notOk(first.isError, text(first))
  passWindow()
  const preview = await s.call('cleanup_server', args)
  t.notOk(preview.isError, text(preview))
  const targets = (preview.structuredContent as any).confirmation.targets as Array<{ name: string, path: string, bytes: number }>
  t.same(targets.map(x => x.name), [good.movie!.title], 'only the title whose folder passed is proposed')
  t.match(text(preview), /3 title\(s\) left alone by the folder check/)
  t.match(text(preview), /the media root, a library top folder/)
  t.match(text(preview), /keeps it at "\/", which is the media root/)
  t.notMatch(text(preview), /watched skipped|internal/, 'one bad folder does not fail the category')

  // Between the preview and the delete the good movie's folder becomes the library's top folder: the handler's
  // re-check (as the registry calls it after redeeming the token) skips it.
  good.movie!.path = '/data/movies'
  const tool = s.app.tools.get('cleanup_server')!
  const raced = await tool.handler({ ...args, olderThanHours: 24 }, toolContext({ confirmed: { targets } }))
  t.same(raced.data.removed, [])
  t.match(raced.data.skipped, [{ name: good.movie!.title, reason: /library top folder/ }])
  t.ok(s.radarr.state.library.movies.has(good.movie!.id), 'the movie manager was not asked to delete it')
  t.ok(existsSync(join(s.roots.media, 'movies')), 'the library is untouched')
})
