// The background check behind the "stuck" notice (NOTIFY_EVENTS stuck=…): every few minutes it reads what
// series_status / movie_status view "stuck" compute (stuckPage, per manager instance) and the failed or stalled
// jobs of the Usenet client, and the torrents download_add started (domains/downloads/added-stuck.ts), and
// lib/notify/stuck-watch.ts tells each stuck download once, with the manager's or the
// downloader's reason and the call that fixes it. Added to the notify plugin's checks (plugins/notify.ts), so
// it never runs when no channel takes the event, never on a request path, and stops when the server closes.
// What was told is kept in STATE_DIR/stuck-notices.json, so a restart does not tell a still-stuck download again.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { writeJsonAtomic } from '../../lib/fs/atomic-json.js'
import { setAside, setAsideText } from '../../lib/fs/set-aside.js'
import type { Message } from '../../core/notify/types.js'
import { noticeName, noticeText } from '../../core/notify/render.js'
import { createStuckWatch, type StuckItem, type StuckReport, type ToldStuck } from '../../lib/notify/stuck-watch.js'
import type { UsenetItem } from '../../clients/usenet/types.js'
import { everyInstance, hasExtraInstances, instanceLabel } from '../each-instance.js'
import { queueName, usenetQueue, type ManagerSource } from '../servarr/queue-ids.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { stuckPage } from '../servarr/stuck-view.js'
import { managerOf, usenetClient } from '../chosen-client.js'
import type { StuckRow } from '../servarr/stuck.js'
import { addedDownloads, type AddedDownloads } from './added-record.js'
import { addedTorrentsWatch } from './added-stuck.js'
import { callText, nextCall } from '../../lib/answers/next-calls.js'

// A stuck view read whole: the queue itself is read up to 5000 records (domains/servarr/views.ts).
const EVERY_ROW = 5000
const MAX_REASON = 300
export const STUCK_NOTICES_FILE = 'stuck-notices.json'

const TOOLS = {
  series: { status: 'series_status', import: 'series_import', releases: 'series_releases', manager: 'series manager', kind: 'series' },
  movies: { status: 'movie_status', import: 'movie_import', releases: 'movie_releases', manager: 'movie manager', kind: 'movies' }
} as const

/** The manager's own words when it gave some, else what the state means. */
const KIND_WORDS: Record<string, string> = {
  importBlocked: 'the manager will not import it',
  importFailed: 'the import failed',
  failed: 'the download client reports it failed',
  stalled: 'no data has arrived for over 30 minutes',
  noMetadata: 'the torrent\'s metadata has not arrived for over 30 minutes',
  clientError: 'the torrent client reports an error or missing files',
  warning: 'the manager warns about it'
}

const keyOf = (queue: string, downloadId: string | undefined, queueId: number | string) =>
  downloadId ? `download:${downloadId.toLowerCase()}` : `${queue}:queue-${queueId}`

/** What a person (or the assistant they ask) does about it: the call that fixes it, complete (notices name calls as callText). */
function whatToDo (source: ManagerSource, instance: string | undefined, queue: string, row: StuckRow, maxStrikes: number): string {
  const t = TOOLS[source]
  const { fix, strikes } = row.stuck
  const stuckView = callText(nextCall(t.status, { view: 'stuck', instance }, 'see why it is stuck'))
  if (fix === 'import') return `It finished downloading and only needs an import: ask the assistant to import it (${t.import}; ${stuckView} gives the complete import call).`
  if (fix === 'retry') return `Ask the assistant to retry it (${callText(nextCall('cancel_downloads', { action: 'retry', ids: [`${queue}:${row.queueId}`] }, 'retry'))}: blocklists this release and searches again, try ${strikes + 1} of ${maxStrikes}), or pick a release yourself (${t.releases}).`
  if (strikes >= maxStrikes) return `It was replaced ${strikes} times already (STUCK_MAX_STRIKES) and is still stuck: pick a release by hand (${t.releases}) or cancel it (cancel_downloads).`
  return `Look at it (${stuckView}) and decide: cancel it (cancel_downloads) or pick another release (${t.releases}).`
}

export function stuckMessage (source: ManagerSource, instance: string | undefined, row: StuckRow, maxStrikes: number): Message {
  const queue = queueName(source, instance ?? 'default')
  const where = instance ? instanceLabel(TOOLS[source].kind, instance) : `the ${TOOLS[source].manager}`
  const reason = noticeText(row.messages.length ? row.messages.join('; ') : KIND_WORDS[row.stuck.kind] ?? row.stuck.kind, MAX_REASON)
  return {
    title: 'A download needs a person',
    body: `${noticeName(row.title, MAX_REASON)} is stuck in ${where} (${row.stuck.kind}): ${reason}. ${whatToDo(source, instance, queue, row, maxStrikes)}`,
    type: 'warning'
  }
}

export function usenetMessage (service: string, instance: string | undefined, job: UsenetItem): Message {
  const id = `${usenetQueue(instance ?? DEFAULT_INSTANCE)}:${job.id}`
  const where = instance ? `${service} "${instance}"` : service
  if (job.status.state === 'stalled') {
    return {
      title: 'A download needs a person',
      body: `${noticeName(job.name, MAX_REASON)} is stuck in ${where}: ${noticeText(job.status.reason ?? 'nothing arrives', MAX_REASON)}. Check the news server's address, port, user name and password in ${service} (its Messages tab shows each refused connection); the download goes on by itself once the server answers.`,
      type: 'warning'
    }
  }
  return {
    title: 'A download needs a person',
    body: `${noticeName(job.name, MAX_REASON)} failed in ${where}: ${noticeText(job.failure ?? 'failed', MAX_REASON)}. Ask the assistant to retry it (${callText(nextCall('cancel_downloads', { action: 'retry', ids: [id] }, 'retry'))}: downloads the same NZB again), or cancel it and grab another release.`,
    type: 'warning'
  }
}

async function managerReports (app: FastifyInstance, source: ManagerSource, signal: AbortSignal): Promise<StuckReport[]> {
  const named = hasExtraInstances(app, source)
  const each = await everyInstance(app, source, name => stuckPage(app, source, managerOf(app, source, name), name, undefined, 0, EVERY_ROW, signal))
  return each.map(({ name, result }) => {
    const queue = queueName(source, name)
    if (result.status === 'rejected') return { source: queue }
    const items: StuckItem[] = result.value.items.map(row => ({
      key: keyOf(queue, row.downloadId, row.queueId),
      message: stuckMessage(source, named ? name : undefined, row, app.config.STUCK_MAX_STRIKES)
    }))
    return { source: queue, items }
  })
}

/** `to`: whom a job download_add started concerns (the default instance is the one it sends to). */
async function usenetReports (app: FastifyInstance, to: (name: string, id: string) => string | undefined): Promise<StuckReport[]> {
  const usenet = app.backends.usenet
  if (!usenet) return []
  const named = hasExtraInstances(app, 'usenet')
  const each = await everyInstance(app, 'usenet', name => usenetClient(app, name)!.items())
  return each.map(({ name, result }) => {
    const source = `usenet@${name}`
    if (result.status === 'rejected') return { source }
    // Failed, or stalled (a news server refusing every connection: core/download-state/usenet.ts).
    const failed = result.value.filter(j => j.state === 'failed' || j.status.state === 'stalled')
    return { source, items: failed.map(j => ({ key: keyOf(source, j.downloadId, j.id), to: to(name, j.id), message: usenetMessage(usenetClient(app, name)!.service, named ? name : undefined, j) })) }
  })
}

/**
 * What an earlier run told. A missing file is an empty record; an unreadable one is set aside (never written over),
 * reported in the log and /health, and means at most one repeated notice per download still stuck.
 */
async function readTold (file: string, report: (text: string) => void): Promise<ToldStuck> {
  let parsed: unknown
  let reason = ''
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'))
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) reason = 'it is not a JSON object'
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
    reason = (err as Error).message
  }
  if (reason) {
    const aside = await setAside(file)
    if (aside) report(setAsideText('The record of stuck downloads already told', file, aside, reason, 'a download still stuck may be told once more'))
    return {}
  }
  return Object.fromEntries(Object.entries(parsed as object).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every(s => typeof s === 'string')))
}

/**
 * Whom a download a person added concerns: that person as NOTIFY_PEOPLE names them (telegram:<id>), else the
 * owner; the household when NOTIFY_PEOPLE names neither. NOTIFY_EVENTS routes it (stuck=person reaches them).
 */
function recipientOf (app: FastifyInstance, by: string): string {
  const telegramUser = /^telegram:(\d+)$/.exec(by)?.[1]
  return (telegramUser && app.notify.personOf({ telegramUser })) || app.notify.personOf({ owner: true }) || 'household'
}

/** The check's run: one round over every manager instance, Usenet client and the torrents download_add started. */
export function stuckDownloadsCheck (app: FastifyInstance, o: { now?: () => number } = {}) {
  const file = join(app.config.STATE_DIR, STUCK_NOTICES_FILE)
  const report = (text: string) => { app.log.warn({ file: STUCK_NOTICES_FILE }, text); app.audit.warn(text) }
  const record = addedDownloads(app.config.STATE_DIR, report)
  const addedTorrents = addedTorrentsWatch(app, by => recipientOf(app, by))
  let watch: ReturnType<typeof createStuckWatch> | undefined
  return async (signal: AbortSignal) => {
    watch ??= createStuckWatch({ send: (message, item) => app.notify.notify('stuck', { to: item.to ?? 'household', message }), told: await readTold(file, report) })
    const added: AddedDownloads = await record.read().catch(err => {
      app.log.warn({ err: (err as Error).message }, 'stuck notices: the record of downloads added by hand cannot be read; they are not watched this round')
      return {}
    })
    const usenetTo = (name: string, id: string) => name === DEFAULT_INSTANCE && added[`usenet:${id}`] ? recipientOf(app, added[`usenet:${id}`]!.by) : undefined
    const [series, movies, usenet, byHand] = await Promise.all([
      managerReports(app, 'series', signal), managerReports(app, 'movies', signal), usenetReports(app, usenetTo), addedTorrents(added, o.now?.() ?? Date.now())
    ])
    if (signal.aborted) return
    // Managers first: a download both a manager and the record hold is told in the manager's words, once.
    // "Told" is written only once the notices are in the outbox file: a notice cut off by a restart is sent then,
    // and the download is not told a second time (plugins/notify.ts, lib/notify/outbox.ts).
    if (watch.round([...series, ...movies, ...usenet, ...byHand.reports])) {
      await app.notify.saved()
      await writeJsonAtomic(file, watch.snapshot())
    }
    if (byHand.gone.length) await record.forget(byHand.gone)
  }
}
