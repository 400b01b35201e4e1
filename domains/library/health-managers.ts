// The managers as the library health check reads them (lib/library/library-health.ts): every series and movie
// manager instance, its root folders, titles and each title's files, paths on this server's side of PATH_MAP.
import type { FastifyInstance } from 'fastify'
import type { Movie } from '../../clients/servarr/types.js'
import { instanceNames } from '../../clients/instance-clients.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import type { HealthManager } from '../../lib/library/library-health.js'
import { movieManager, seriesManager } from '../chosen-client.js'

const NOUN = { series: 'the series manager', movies: 'the movie manager' } as const

export function healthManagers (app: FastifyInstance): HealthManager[] {
  const out: HealthManager[] = []
  for (const kind of ['series', 'movies'] as const) {
    const names = instanceNames(app.backends, kind)
    for (const name of names) {
      const label = names.length > 1 ? `${NOUN[kind]} "${name}"` : NOUN[kind]
      const instance = name === DEFAULT_INSTANCE ? undefined : name
      const rootFolders = async (signal?: AbortSignal) => (await (kind === 'series' ? seriesManager(app, name) : movieManager(app, name)).rootFolders(signal)).flatMap(r => (r.path ? [r.path] : []))
      if (kind === 'series') {
        const sonarr = seriesManager(app, name)
        out.push({
          kind,
          instance,
          label,
          rootFolders,
          titles: async signal => (await sonarr.listSeries(signal)).map(s => ({ id: s.id, title: s.title ?? `series ${s.id}`, path: s.path ?? undefined, fileCount: s.statistics?.episodeFileCount })),
          files: async t => (await sonarr.episodeFiles(t.id)).flatMap(f => (f.path ? [f.path] : []))
        })
      } else {
        const radarr = movieManager(app, name)
        const movies = new Map<number, Movie>()
        out.push({
          kind,
          instance,
          label,
          rootFolders,
          titles: async signal => (await radarr.listMovies(signal)).map(m => {
            movies.set(m.id, m)
            return { id: m.id, title: m.title ?? `movie ${m.id}`, path: m.path ?? undefined, fileCount: m.hasFile === false ? 0 : undefined }
          }),
          // The movie list carries each movie's file (Radarr's MovieResource.MovieFile): no call per movie.
          files: async t => { const p = movies.get(t.id)?.movieFile?.path; return p ? [p] : [] }
        })
      }
    }
  }
  return out
}
