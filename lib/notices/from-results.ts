// Which title or season a chat tool call asked for: a grab (series_grab, movie_grab) or an add
// (series_search addTvdbId, movie_search addTmdbId) that succeeded makes the person a requester of it; so does a
// request those adds made through Seerr.
import type { ToolRunResult } from '../chat/types.js'
import type { Target } from './types.js'

interface GrabTarget { seriesId?: unknown, movieId?: unknown, title?: unknown, seasonNumber?: unknown, episodeNumber?: unknown }
interface Added { action?: unknown, seriesId?: unknown, movieId?: unknown, title?: unknown }

const int = (v: unknown): number | undefined => Number.isInteger(v) && (v as number) > 0 ? v as number : undefined
const text = (v: unknown): string => typeof v === 'string' ? v.slice(0, 300) : ''

export function requestedBy (tool: string, result: ToolRunResult): Target | undefined {
  if (result.isError || !result.structured) return undefined
  const s = result.structured
  // With several managers configured, the answer names the instance that holds the title: the checks ask it.
  const instance = typeof s.instance === 'string' && /^[a-z0-9]{1,20}$/.test(s.instance) ? { instance: s.instance } : {}
  const target = requested(tool, s)
  return target && { ...target, ...instance }
}

function requested (tool: string, s: Record<string, unknown>): Target | undefined {
  // With Seerr, an add is a Seerr request: the person is told when it is declined or ready.
  const viaSeerr = s.requested as { requestId?: unknown, title?: unknown } | undefined
  const requestId = int(viaSeerr?.requestId)
  if ((tool === 'movie_search' || tool === 'series_search') && requestId) return { kind: 'request', requestId, title: text(viaSeerr?.title), mediaType: tool === 'movie_search' ? 'movie' : 'tv' }
  switch (tool) {
    case 'movie_grab': {
      const t = s.target as GrabTarget | undefined
      const movieId = int(t?.movieId)
      return movieId ? { kind: 'movie', movieId, title: text(t?.title) } : undefined
    }
    case 'series_grab': {
      const t = s.target as GrabTarget | undefined
      const seriesId = int(t?.seriesId)
      const seasonNumber = Number.isInteger(t?.seasonNumber) ? t?.seasonNumber as number : undefined
      if (!seriesId || seasonNumber === undefined) return undefined
      const episodeNumber = int(t?.episodeNumber)
      return { kind: 'series', seriesId, title: text(t?.title), seasonNumber, ...(episodeNumber ? { episodeNumber } : {}) }
    }
    case 'movie_search': {
      const a = s.added as Added | undefined
      const movieId = int(a?.movieId)
      return a?.action === 'added' && movieId ? { kind: 'movie', movieId, title: text(a.title) } : undefined
    }
    case 'series_search': {
      const a = s.added as Added | undefined
      const seriesId = int(a?.seriesId)
      return a?.action === 'added' && seriesId ? { kind: 'series', seriesId, title: text(a.title) } : undefined
    }
  }
  return undefined
}
