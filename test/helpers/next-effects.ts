// What a suggested call promised, checked after it ran, generically: read from the managers' own APIs (the
// Sonarr/Radarr simulators, or real ones) and the disk, never from the answer that claims it. A grab puts a new
// download in the manager's queue; an import gives the title its file; a retry removes the download and has the
// manager search again; a cancel removes it (from the manager's queue, or from the torrent or Usenet client
// holding it, read through its contract client); a pause or resume leaves the torrent so; a delete leaves no
// such path. Calls that promise something else (a read, a rescan) are only held to being accepted.
import { existsSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { NextCall } from '../../lib/answers/next-calls.js'
import type { ToolCallResult } from '../../core/tool-types.js'
import { instanceNames } from '../../clients/instance-clients.js'
import { torrentClient, usenetClient } from '../../domains/chosen-client.js'
import { usenetInstanceOf } from '../../domains/servarr/queue-ids.js'

type Source = 'series' | 'movies'
interface Tap { ok: (value: unknown, message: string) => void }

/** One manager's API (the default instance: the one these suites configure). */
function manager (app: FastifyInstance, source: Source) {
  const c = app.config as unknown as Record<string, string>
  const [url, key] = source === 'series' ? [c.SERIES_MANAGER_URL, c.SERIES_MANAGER_API_KEY] : [c.MOVIE_MANAGER_URL, c.MOVIE_MANAGER_API_KEY]
  return async (path: string) => {
    const res = await fetch(`${url}${path}`, { headers: { 'x-api-key': key! } })
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`)
    return await res.json() as any
  }
}

/** What the managers hold now, for the calls' before and after. */
async function look (app: FastifyInstance, source: Source, call: NextCall) {
  const api = manager(app, source)
  const queue = new Set<number>(((await api('/api/v3/queue?page=1&pageSize=1000')).records as Array<{ id: number }>).map(r => r.id))
  const commands = ((await api('/api/v3/command')) as unknown[]).length
  const id = Number(call.arguments.id)
  const files = call.tool === 'series_import'
    ? ((await api(`/api/v3/episodefile?seriesId=${id}`)) as unknown[]).length
    : call.tool === 'movie_import' ? Number(!!(await api(`/api/v3/movie/${id}`)).hasFile) : 0
  return { queue, commands, files }
}

/** The manager a call acts on; undefined when the effect is not one checked here. */
function sourceOf (call: NextCall): Source | undefined {
  if (call.tool === 'series_grab' || call.tool === 'series_import') return 'series'
  if (call.tool === 'movie_grab' || call.tool === 'movie_import') return 'movies'
  if (call.tool !== 'cancel_downloads') return undefined
  const ids = (call.arguments.ids ?? []) as string[]
  const first = ids[0]?.split(/[:@]/)[0]
  return first === 'series' || first === 'movies' ? first : undefined
}

/** Manager queue ids named by a cancel_downloads call (`series:12`, `movies@4k:3` → 12, 3). */
const queueIds = (call: NextCall) => ((call.arguments.ids ?? []) as string[]).map(id => Number(id.split(':')[1]))

/**
 * Reads the state a call's promise is about before it runs and returns the check to run after: it asserts the
 * promised effect in the managers' state and on disk.
 */
export async function expectEffect (app: FastifyInstance, call: NextCall): Promise<(t: Tap, res: ToolCallResult) => Promise<void>> {
  const what = `${call.tool} ${JSON.stringify(call.arguments)} (${call.why})`
  if (call.tool === 'manage_files' && call.arguments.action === 'delete') {
    // A path that does not resolve is refused by the call itself, and that refusal fails the suite.
    const paths = await Promise.all(((call.arguments.paths ?? []) as string[]).map(async p => await app.sandbox.resolve(p).catch(() => undefined)))
    return async t => { for (const p of paths) if (p) t.ok(!existsSync(p), `${what}: ${p} is gone from the disk`) }
  }
  const downloader = downloaderEffect(app, call, what)
  if (downloader) return downloader
  const source = sourceOf(call)
  if (!source) return async () => {}
  const before = await look(app, source, call)
  return async t => {
    const after = await look(app, source, call)
    if (call.tool.endsWith('_grab')) t.ok([...after.queue].some(id => !before.queue.has(id)), `${what}: a new download is in the ${source} manager's queue`)
    if (call.tool.endsWith('_import')) t.ok(after.files > before.files, `${what}: the ${source} manager has the imported file`)
    if (call.tool === 'cancel_downloads') {
      for (const id of queueIds(call)) t.ok(!after.queue.has(id), `${what}: queue item ${id} left the ${source} manager's queue`)
      if (call.arguments.action === 'retry') t.ok(after.commands > before.commands, `${what}: the ${source} manager searches again`)
    }
  }
}

/** Every torrent in every torrent client, by hash: phase. */
async function torrentPhases (app: FastifyInstance, hashes: string[]): Promise<Map<string, string>> {
  const phases = new Map<string, string>()
  for (const name of instanceNames(app.backends, 'torrents')) {
    for (const t of await torrentClient(app, name).list({ hashes })) phases.set(t.hash.toLowerCase(), t.phase)
  }
  return phases
}

/** cancel_downloads on a torrent client's or Usenet client's own ids (`torrent:<hash>`, `usenet@news2:<id>`). */
function downloaderEffect (app: FastifyInstance, call: NextCall, what: string): ((t: Tap) => Promise<void>) | undefined {
  if (call.tool !== 'cancel_downloads') return undefined
  const ids = (call.arguments.ids ?? []) as string[]
  const action = String(call.arguments.action)
  const hashes = ids.filter(id => id.startsWith('torrent')).map(id => id.slice(id.indexOf(':') + 1).toLowerCase())
  const jobs = ids.filter(id => usenetInstanceOf(id) !== undefined)
  if (hashes.length === 0 && jobs.length === 0) return undefined
  return async t => {
    const phases = hashes.length ? await torrentPhases(app, hashes) : new Map<string, string>()
    for (const hash of hashes) {
      if (action === 'cancel') t.ok(!phases.has(hash), `${what}: torrent ${hash} is gone from its client`)
      if (action === 'pause') t.ok(phases.get(hash) === 'paused', `${what}: torrent ${hash} is paused`)
      if (action === 'resume') t.ok(phases.has(hash) && phases.get(hash) !== 'paused', `${what}: torrent ${hash} is no longer paused`)
    }
    if (action !== 'cancel') return
    for (const id of jobs) {
      const items = await usenetClient(app, usenetInstanceOf(id))!.items()
      t.ok(!items.some(i => i.id === id.slice(id.indexOf(':') + 1)), `${what}: job ${id} is gone from its Usenet client`)
    }
  }
}
