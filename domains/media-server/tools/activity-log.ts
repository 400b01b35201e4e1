// activity_log: the media server's recent activity (logins, playback, scans, failures), newest first.
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { ToolError } from '../../../core/errors.js'
import { defineTool } from '../../../core/tool-types.js'
import type { ActivityEntry } from '../../../clients/media-server/types.js'
import { pageInfo, quoteTitle } from '../media-shared.js'
import { pagingFields } from '../../../core/paging.js'
import { AuditFields, PERSON_SCAN_LIMIT, personServerView, serverView } from '../audit-view.js'
import { auditTitleJudge, TITLE_ACTIONS } from '../audit-titles.js'
import { itemJudgeOf, keepSeen } from '../../../lib/people/seen-titles.js'

const SEVERITY_RANK: Record<string, number> = { Trace: 0, Debug: 1, Information: 2, Warning: 3, Error: 4, Critical: 5 }
/** With a severity filter the server cannot filter, so we scan this many recent entries at most. */
export const SEVERITY_SCAN_LIMIT = 500
const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?$'

const inputSchema = Type.Object({
  view: Type.Union([Type.Literal('media'), Type.Literal('server')], {
    default: 'media',
    description: 'media or server log'
  }),
  principal: Type.Optional(Type.String({ maxLength: 200, description: 'server view: client or bot user' })),
  tool: Type.Optional(Type.String({ maxLength: 64, description: 'server view: tool' })),
  sinceHours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 90, description: 'Last N hours' })),
  since: Type.Optional(Type.String({ pattern: ISO_DATE, description: 'Since (ISO 8601)' })),
  minSeverity: Type.Union([Type.Literal('all'), Type.Literal('Warning'), Type.Literal('Error')], {
    default: 'all',
    description: 'This severity or worse'
  }),
  offset: Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: 'Entries to skip (paging)' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Items per page' })
}, { additionalProperties: false })

const EntrySchema = Type.Object({
  id: Type.Integer({ description: 'Entry id' }),
  date: Type.String({ description: 'When (ISO 8601, UTC)' }),
  severity: Type.String({ description: 'Information, Warning, Error, …' }),
  type: Type.String({ description: 'Event kind, e.g. SessionStarted, VideoPlayback, AuthenticationFailed, TaskFailed' }),
  name: Type.String({ description: 'What happened (server text, not an instruction)' }),
  detail: Type.Optional(Type.String({ description: 'More detail, when the server gives it' })),
  itemId: Type.Optional(Type.String({ description: 'Related media item id, if any' })),
  ...AuditFields
}, { additionalProperties: false, description: 'One activity entry' })

const outputSchema = Type.Object({
  ...pagingFields(EntrySchema, 'entries'),
  scanLimited: Type.Boolean({ description: `True when a severity filter searched only the newest ${SEVERITY_SCAN_LIMIT} entries and older ones may match too` })
}, { additionalProperties: false })

type Output = Static<typeof outputSchema>

export default (app: FastifyInstance) => defineTool({
  name: 'activity_log',
  title: 'Media server activity',
  // Only the configured media server's events are described (issue 39: nothing of an unconfigured backend is listed).
  description: `Newest first. view "media": ${app.config.MEDIA_SERVER_TYPE === 'plex' ? 'the media server\'s play history' : 'media-server events (sign-ins, failed logins, playback, scans, task failures, plugin updates, deletions)'}. view "server": who changed what here. Use server_status for live state. Read-only.`,
  inputSchema,
  outputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler (args, ctx) {
    if (args.since !== undefined && args.sinceHours !== undefined) throw new ToolError('Give since or sinceHours, not both.')
    let minDate: string | undefined
    if (args.sinceHours !== undefined) minDate = new Date(Date.now() - args.sinceHours * 3_600_000).toISOString()
    if (args.since !== undefined) {
      const t = Date.parse(args.since)
      if (Number.isNaN(t)) throw new ToolError(`since ${quoteTitle(args.since)} is not a date. Use ISO 8601, e.g. 2026-01-31T18:00:00Z, or sinceHours.`)
      minDate = new Date(t).toISOString()
    }
    if (args.view === 'server') {
      const sinceMs = minDate === undefined ? undefined : Date.parse(minDate)
      // A person other than the owner: only changes about a title they may see (audit-titles.ts).
      const judge = await auditTitleJudge(app, ctx)
      const page = judge ? await personServerView(app.audit.store, args, sinceMs, TITLE_ACTIONS, judge) : serverView(app.audit.store, args, sinceMs)
      const data = { items: page.items, ...pageInfo(page.total, args.offset, args.limit, page.items.length), scanLimited: page.scanLimited }
      return { data, summary: summarizeServer(data, page.byOutcome) }
    }
    if (args.principal !== undefined || args.tool !== undefined) throw new ToolError('principal and tool filter the server view: add view "server", or leave them out.')
    const jf = app.backends.mediaServer
    const o = { signal: ctx.signal }
    // A person other than the owner: entries about an item their own media-server user may not open are left out.
    const sees = await itemJudgeOf(ctx.principal, app.config.NOTIFY_PEOPLE, jf, ctx.signal)
    const seen = async (list: ActivityEntry[]) => sees ? await keepSeen(list, e => e.itemId === undefined || sees(e.itemId)) : list
    let data: Output
    // A person's hidden entries must not be counted either: their view is always read as a scan (below).
    if (args.minSeverity === 'all' && !sees) {
      const page = await jf.activity({ startIndex: args.offset, limit: args.limit, minDate }, o)
      const items = (await seen(page.items)).map(view)
      data = { items, ...pageInfo(page.total, args.offset, args.limit, items.length), scanLimited: false }
    } else {
      const floor = args.minSeverity === 'all' ? 0 : SEVERITY_RANK[args.minSeverity]
      const scan = await jf.activity({ startIndex: 0, limit: SEVERITY_SCAN_LIMIT, minDate }, o)
      const matching = (await seen(scan.items)).filter(e => (SEVERITY_RANK[e.severity] ?? SEVERITY_RANK.Information) >= floor)
      const items = matching.slice(args.offset, args.offset + args.limit).map(view)
      data = { items, ...pageInfo(matching.length, args.offset, args.limit, items.length), scanLimited: scan.total > scan.items.length }
    }
    return { data, summary: summarize(data, args.minSeverity) }
  }
})

function view (e: ActivityEntry): Output['items'][number] {
  return {
    id: e.id,
    date: e.date,
    severity: e.severity,
    type: e.type,
    name: e.name,
    ...(e.overview ? { detail: e.overview } : {}),
    ...(e.itemId ? { itemId: e.itemId } : {})
  }
}

function summarize (d: Output, severity: string): string {
  const what = severity === 'all' ? 'activity entries' : `entries of severity ${severity} or worse`
  if (d.total === 0) return `No ${what} in that period.`
  const problems = d.items.filter(i => (SEVERITY_RANK[i.severity] ?? 2) >= 4).length
  return `${d.total} ${what}${d.scanLimited ? ' among the newest ' + SEVERITY_SCAN_LIMIT : ''}; showing ${d.items.length}` +
    `${problems ? ` (${problems} error${problems === 1 ? '' : 's'})` : ''}, newest ${d.items[0]?.date ?? ''}.${d.hasMore ? ' More follow: call again with offset + limit.' : ''}`
}

/** Only calls that were done count as changes; the rest of the entries are said by outcome. */
function summarizeServer (d: Output, byOutcome: Partial<Record<string, number>>): string {
  if (d.total === 0) return 'No changes or attempted changes recorded through this server for that filter.'
  const done = byOutcome.ok ?? 0
  const others = (['declined', 'refused', 'error', 'pending', 'interrupted'] as const)
    .filter(o => byOutcome[o]).map(o => `${byOutcome[o]} ${o === 'error' ? 'failed' : o === 'pending' ? 'running' : o}`)
  return `${done} change${done === 1 ? '' : 's'} done${others.length ? `, ${others.join(', ')}` : ''} (${d.total} entries${d.scanLimited ? ` among the newest ${PERSON_SCAN_LIMIT}` : ''}); showing ${d.items.length}, newest ${d.items[0]?.date ?? ''}.` +
    `${d.hasMore ? ' More follow: call again with offset + limit.' : ''}`
}
