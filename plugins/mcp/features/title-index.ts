// The library's titles for completions, kept per app for a minute: a person typing makes one request per
// keystroke, and each must not list the whole library from the series and movie managers again. One refresh
// runs at a time (callers share it), each manager gets a few seconds, and a manager (or one of its instances)
// that is down or not configured just adds no titles. Titles are backend text: shown as plain visible text, bounded.
import type { FastifyInstance } from 'fastify'
import { untrusted } from '../../../core/untrusted-text.js'
import { instanceClient, instanceNames } from '../../../clients/instance-clients.js'

export type TitleKind = 'series' | 'movie'

interface Titles { series: string[], movie: string[], complete: boolean }

const TTL_MS = 60_000
/** A manager that did not answer is asked again this soon, not after a whole TTL. */
const RETRY_MS = 5_000
const FETCH_TIMEOUT_MS = 10_000
/** Most titles kept per kind: a household library is far smaller; this only bounds a runaway answer. */
const MAX_TITLES = 20_000

interface Index { titles?: Titles, fetchedAt: number, pending?: Promise<Titles> }

const indexes = new WeakMap<FastifyInstance, Index>()

async function fetchTitles (app: FastifyInstance): Promise<Titles> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS)
  let complete = true
  const titles = async (list: () => Promise<ReadonlyArray<{ title?: string | null }>>) => {
    try {
      return (await list()).slice(0, MAX_TITLES).map(item => untrusted(item.title, 200)).filter(Boolean)
    } catch (err) {
      app.log.debug({ err: err instanceof Error ? err.message : String(err) }, 'titles for completion unavailable')
      complete = false
      return []
    }
  }
  /** The titles of every instance of the manager (an anime series manager's too), each once, sorted. */
  const names = async (kind: 'series' | 'movies', list: (name: string) => Promise<ReadonlyArray<{ title?: string | null }>>) => {
    const each = await Promise.all(instanceNames(app.backends, kind).map(name => titles(() => list(name))))
    return [...new Set(each.flat())].slice(0, MAX_TITLES).sort((a, b) => a.localeCompare(b))
  }
  const [series, movie] = await Promise.all([
    names('series', name => instanceClient(app.backends, 'series', name).listSeries(signal)),
    names('movies', name => instanceClient(app.backends, 'movies', name).listMovies(signal))
  ])
  return { series, movie, complete }
}

/** The library's titles of one kind (or both), at most a minute old. */
export async function libraryTitles (app: FastifyInstance, kind: TitleKind | 'any', now = Date.now()): Promise<string[]> {
  let index = indexes.get(app)
  if (!index) indexes.set(app, index = { fetchedAt: 0 })
  if (!index.titles || now - index.fetchedAt > (index.titles.complete ? TTL_MS : RETRY_MS)) {
    const current = index
    current.pending ??= fetchTitles(app).then(titles => {
      Object.assign(current, { titles, fetchedAt: Date.now(), pending: undefined })
      return titles
    })
    await current.pending
  }
  const titles = index.titles!
  return kind === 'any' ? [...titles.series, ...titles.movie] : titles[kind]
}

/** Forgets the cached titles (tests, and after the library changed under a test). */
export function forgetTitles (app: FastifyInstance): void {
  indexes.delete(app)
}
