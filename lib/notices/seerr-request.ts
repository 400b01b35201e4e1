// "It's ready" for a request made through Seerr: read through download_status action "requests" as the person
// who asked (so Seerr's permissions apply, and the answer says which events Seerr itself already tells them on
// the same Telegram chat). Declined: the person is told, with the owner's reason when one was given (Seerr's
// own decline notice has none, so ours is then not a repeat). Approved: once the manager holds the title, the
// usual check decides (imported, file present, listed by the media server). Where Seerr already sends the
// person that event on the same chat, the request is closed without a second notice.
import { CheckFailed, type Call } from './lookups.js'
import { oneLine, quotedLine, type Names, type Target } from './types.js'

type RequestTarget = Extract<Target, { kind: 'request' }>
type Ready = (call: Call, target: Target, since: number) => Promise<string | undefined>

interface RequestRow { status?: string, availability?: string, title?: string, seasons?: number[], decidedBy?: string, declineReason?: string, movieId?: number, seriesId?: number, seerrTells?: string[] }

/** The notice text; '' when it is settled with nothing to tell (Seerr told them); undefined while not ready. */
export async function seerrRequestReady (call: Call, target: RequestTarget, since: number, ready: Ready, names?: Names): Promise<string | undefined> {
  const r = await call('download_status', { action: 'requests', requestId: target.requestId })
  if (r.isError) throw new CheckFailed(`download_status: ${r.text.slice(0, 300)}`)
  const row = (r.structured?.items as RequestRow[] | undefined)?.[0]
  if (!row) throw new CheckFailed('download_status: unexpected answer (no request)')
  const tells = new Set(row.seerrTells ?? [])
  const title = quotedLine(row.title || target.title)
  if (row.status === 'declined') {
    if (row.declineReason) return `🚫 Your request for ${title} was declined${row.decidedBy ? ` by ${oneLine(row.decidedBy)}` : ''}: ${oneLine(row.declineReason)}`
    return tells.has('declined') ? '' : `🚫 Your request for ${title} was declined.`
  }
  let text: string | undefined
  if (target.mediaType === 'movie' && row.movieId) {
    text = await ready(call, { kind: 'movie', movieId: row.movieId, title: row.title || target.title }, since)
  } else if (target.mediaType === 'tv' && row.seriesId) {
    const season = row.seasons?.length === 1 ? { seasonNumber: row.seasons[0] } : {}
    text = await ready(call, { kind: 'series', seriesId: row.seriesId, title: row.title || target.title, ...season }, since)
  } else if (row.status === 'completed' && row.availability === 'available') {
    // Held by a manager we do not see (a 4K instance only Seerr knows): Seerr's word is what there is.
    text = `📺 ${title} is available (Seerr says so).`
    names?.(undefined)
  }
  if (text === undefined) return undefined
  return tells.has('available') ? '' : text
}
