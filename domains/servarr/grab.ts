// Grabbing a release through Sonarr/Radarr, shared by series_grab and movie_grab: refuses to queue a
// second download for the same target unless replacement was asked for (and confirmed by the registry's
// confirm step), grabs first and only then removes the replaced downloads, and reports the new queue items.
// A replaced download is removed from the download client with its data, so its data passes the one data
// check (domains/downloads/download-data.ts) in the preview, and the confirmed call deletes what it showed.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import type { ServarrCore } from '../../clients/servarr/core.js'
import type { QueueItem } from '../../clients/servarr/types.js'
import type { ToolContext } from '../../core/tool-types.js'
import { IdUsedSchema } from './ids.js'
import { QueueItemSchema, toQueueItem, type QueueItemOut } from './items.js'
import { quoted, untrusted } from './text.js'
import type { GrabSpaceCheck } from './landing.js'
import { rememberedRelease } from './release-sizes.js'
import { formatBytes } from '../../core/format.js'
import { cancelKeepingData, checkDownloadData, describeData, type CheckedData } from '../downloads/download-data.js'
import { neighboursOf } from '../downloads/cancel-items.js'
import { VerifiedSchema } from '../../lib/effects/schema.js'
import { NEXT_FIELD } from '../../lib/answers/next-calls.js'
import { cancelId, removeReplaced } from './replace-effects.js'

/** The release by the title and size its search showed; its guid (often a long URL) only when no search did. */
function releaseName (client: ServarrCore, args: { guid: string, indexerId: number }): string {
  const seen = rememberedRelease(client, args.guid, args.indexerId)
  return seen?.title ? `release ${quoted(seen.title, 200)} (${formatBytes(seen.sizeBytes)})` : `release ${quoted(args.guid, 200)}`
}

export function GRAB_INPUTS (releasesTool: string) {
  return {
    guid: Type.String({ minLength: 1, maxLength: 2000, description: `guid of the release, from ${releasesTool}` }),
    indexerId: Type.Integer({ minimum: 1, description: `indexerId of the release, from ${releasesTool}` }),
    replaceExisting: Type.Boolean({ default: false, description: 'Replace the queued download (needs confirmToken)' })
  }
}

const ReplacedSchema = Type.Object({
  queueId: Type.Integer({ description: 'Queue item id that was removed' }),
  title: Type.String({ description: 'Its release title (untrusted text)' }),
  downloadId: Type.String({ description: 'Its download client id' })
}, { additionalProperties: false, description: 'A queued download that was replaced' })

export const GrabOutputFields = {
  idUsed: IdUsedSchema,
  grabbed: Type.Object({
    guid: Type.String({ description: 'The release grabbed' }),
    indexerId: Type.Integer({ description: 'Its indexer' })
  }, { additionalProperties: false, description: 'What was sent to the download client' }),
  replaced: Type.Array(ReplacedSchema, { description: 'Downloads removed because they were replaced' }),
  queueItems: Type.Array(QueueItemSchema, { description: 'The new queue items (may be empty if the download client is slow to report; check the queue view)' }),
  verified: Type.Optional(VerifiedSchema),
  ...NEXT_FIELD
}

export interface QueueTarget {
  idUsed: { value: number, type: string }
  /** For messages: "Show" S01E02 or "Movie" (2020). */
  label: string
  /** The series or movie id, to narrow the queue listing. */
  ownerId: number
  matches: (q: QueueItem) => boolean
  /** The title the release is for, sent with the grab for a release the manager could not map itself. */
  names: { seriesId?: number, episodeId?: number, movieId?: number }
  /** The title's library folder (our path), where the release lands after import. */
  libraryFolder?: string
}

export interface Replaced { queueId: number, title: string, downloadId: string }

/** A queued download as found, with where its data is (our side of PATH_MAP) when the manager names it. */
interface Queued extends Replaced { dataPath: string | undefined }

/** A download the confirmed call replaces: what the preview showed, with its data as the data check saw it. */
interface ToReplace extends Replaced { data: CheckedData }

/** Downloads already queued for the target, one per download (a season pack has one record per episode). */
export async function findQueued (client: ServarrCore, t: QueueTarget): Promise<Queued[]> {
  return queuedFor((await client.queue({ page: 1, pageSize: 200, ids: [t.ownerId] })).records, t)
}

function queuedFor (records: QueueItem[], t: QueueTarget): Queued[] {
  const seen = new Map<string, Queued>()
  for (const q of records.filter(t.matches)) {
    const key = q.downloadId ?? `queue-${q.id}`
    if (!seen.has(key)) seen.set(key, { queueId: q.id, title: untrusted(q.title), downloadId: q.downloadId ?? '', dataPath: q.outputPath ?? undefined })
  }
  return [...seen.values()]
}

/** The manager instance a grab call runs on (the one its prepare step chose): its client and its name (undefined: the default). */
export interface GrabManager<C extends ServarrCore> { client: C, instance: string | undefined }

/** Each replaced download's data through the data check: refused (nothing changed) when it may not be deleted. */
async function checkReplaced (app: FastifyInstance, m: GrabManager<ServarrCore>, replace: Queued[], grabTool: string): Promise<ToReplace[]> {
  if (replace.length === 0) return []
  const holders = replace.map(r => ({ id: cancelId(m, r.queueId), title: r.title, dataPath: r.dataPath, ...(r.downloadId ? { downloadId: r.downloadId } : {}) }))
  const beside = await neighboursOf(app, holders)
  const out: ToReplace[] = []
  for (const [i, r] of replace.entries()) {
    const instead = { text: `To replace it and keep its data, cancel it, then call ${grabTool} again without replaceExisting.`, calls: [cancelKeepingData(holders[i]!.id)] }
    const data = await checkDownloadData(app.sandbox, holders[i]!, beside, instead)
    out.push({ queueId: r.queueId, title: r.title, downloadId: r.downloadId, data })
  }
  return out
}

type GrabArgs = { guid: string, indexerId: number, replaceExisting: boolean }

/**
 * The confirm step of the grab tools: only replacing needs it, and the token binds what would be removed and
 * the data deleted with it (files and bytes as this server sees them).
 */
export function confirmReplace<T, C extends ServarrCore> (app: FastifyInstance, manager: (ctx: ToolContext) => GrabManager<C>, target: (client: C, args: T) => Promise<QueueTarget>, grabTool: string) {
  return {
    required: (args: T & GrabArgs) => args.replaceExisting === true,
    preview: async (args: T & GrabArgs, ctx: ToolContext) => {
      const m = manager(ctx)
      const client = m.client
      const t = await target(client, args)
      const replace = await checkReplaced(app, m, await findQueued(client, t), grabTool)
      return {
        summary: replace.length
          ? `Remove ${replace.length} queued download${replace.length > 1 ? 's' : ''} for ${t.label} from the download client and DELETE ${replace.length > 1 ? 'their' : 'its'} downloaded data from disk ` +
            `(${replace.map(r => `${quoted(r.title)}; data: ${describeData(r.data)}`).join(', ')}), then grab ${releaseName(client, args)}.`
          : `Nothing is queued for ${t.label}; ${releaseName(client, args)} would simply be grabbed.`,
        targets: { replace, guid: args.guid, indexerId: args.indexerId }
      }
    }
  }
}

/** The grab tools' handler: grabs for the target and reports it with the tool's own target record. */
export function grabHandler<T, I, C extends ServarrCore> (manager: (ctx: ToolContext) => GrabManager<C>, target: (client: C, args: T) => Promise<QueueTarget & { info: I }>, releasesTool: string, grabTool: string, space: GrabSpaceCheck) {
  return async (args: T & GrabArgs, ctx: ToolContext) => {
    const m = manager(ctx)
    const t = await target(m.client, args)
    const result = await grabRelease(m, t, args, ctx, releasesTool, grabTool, space)
    return { data: { target: t.info, ...result.data }, summary: result.summary }
  }
}

export async function grabRelease (m: GrabManager<ServarrCore>, t: QueueTarget, args: GrabArgs, ctx: ToolContext, releasesTool: string, grabTool: string, space: GrabSpaceCheck) {
  const client = m.client
  // One queue read before the grab: what is already queued for the target, and every id there, so the items
  // the grab adds can be told apart afterwards.
  const { records } = await client.queue({ page: 1, pageSize: 200, ids: [t.ownerId] })
  const existing = queuedFor(records, t)
  if (existing.length > 0 && !args.replaceExisting) {
    throw new ToolError(`${t.label} already has a download in the queue: ${existing.map(e => quoted(e.title)).join(', ')}. ` +
      `Wait for it (status view "queue"), or call ${grabTool} again with replaceExisting: true to replace it (you get a preview and a confirmToken first).`)
  }
  // The confirmed call replaces exactly what the preview showed (the registry checked it still matches).
  // Refuses with the numbers when the release does not fit where it lands: the managers grab regardless and
  // a full disk shows up later as a silently skipped import (Sonarr issues #7177, #7374).
  const spaceNote = await space(client, args, t.libraryFolder)
  // Only what the preview's data check saw (the registry re-ran it for this confirmed call and matched the token).
  const toReplace = args.replaceExisting ? ((ctx.confirmed?.targets as { replace?: ToReplace[] } | undefined)?.replace ?? []) : []
  const before = new Set(records.map(q => q.id))
  const grabbed = await client.grab(args.guid, args.indexerId, t.names)
  if (!grabbed) {
    throw new ToolError(`${client.service} no longer has that release in its search cache (results expire 30 minutes after a search, or guid/indexerId do not match). Call ${releasesTool} again and grab from the fresh results.`)
  }
  const fresh = await waitForNewItems(client, t, before, ctx.signal)
  const freshIds = new Set(fresh.map(q => q.downloadId))
  // The same release grabbed again is kept; every other replaced download goes with its data, and the answer
  // says what the look after that found (replace-effects.ts).
  const gone = await removeReplaced(m, t.ownerId, toReplace.filter(r => !(r.downloadId && freshIds.has(r.downloadId))), grabTool.replace('_grab', '_status'))
  const data = { idUsed: t.idUsed, grabbed: { guid: args.guid, indexerId: args.indexerId }, replaced: gone.replaced, queueItems: fresh, ...(toReplace.length ? { verified: gone.verified } : {}), ...(gone.next.length ? { next: gone.next } : {}) }
  const progress = fresh[0] ? ` It is in the queue (${fresh[0].status}${fresh[0].progress !== undefined ? `, ${fresh[0].progress} %` : ''}).` : ' It should appear in the queue shortly.'
  return { grabbed: true, data, summary: `Grabbed a release for ${t.label}.${gone.text}${progress}${spaceNote}${gone.nextText}` }
}

/**
 * The manager lists a grab in its queue only after refreshing its tracked downloads, which it debounces by
 * 5 s after the grab (DownloadMonitoringService.cs, Sonarr v4.0.19.2979 / Radarr v6.0.3.10276). The client's
 * grab() asks for the refresh at once; poll past the debounce in case the download client was slow to list it.
 */
export const QUEUE_WAIT_MS = 8_000

async function waitForNewItems (client: ServarrCore, t: QueueTarget, before: Set<number>, signal: AbortSignal): Promise<QueueItemOut[]> {
  const deadline = Date.now() + QUEUE_WAIT_MS
  for (;;) {
    const { records } = await client.queue({ page: 1, pageSize: 200, ids: [t.ownerId], signal })
    const fresh = records.filter(q => !before.has(q.id) && t.matches(q))
    if (fresh.length > 0 || Date.now() > deadline || signal.aborted) return fresh.map(toQueueItem)
    await new Promise(resolve => setTimeout(resolve, 250))
  }
}
