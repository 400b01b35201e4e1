// Notices where people are (lib/notify): app.notify sends an event to the channels NOTIFY_URLS and
// NOTIFY_EVENTS route it to, in the background, and records each outcome in the audit trail as the server's own
// act (source "notice", the channel's scheme and host only). Without NOTIFY_URLS nothing is sent and nothing is recorded.
import fp from 'fastify-plugin'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createNotifier, type Notifier, type NotifyEvent, type NotifyRecord } from '../lib/notify/index.js'
import { createHouseholdWatch } from '../lib/notify/household-watch.js'
import type { DeliverOptions } from '../lib/notify/deliver.js'
import { lowDisks, lowDiskSentence } from '../lib/library/low-disk.js'
import { noticeLine, recordServerAct } from '../lib/audit/server-acts.js'

/** A background check another part of the server adds (the downloads domain's stuck downloads). */
export interface NoticeCheck {
  /** The event it produces: the check runs only when NOTIFY_URLS and NOTIFY_EVENTS send that event somewhere. */
  event: NotifyEvent
  name: string
  /** Reads and notifies; aborted when the server closes. */
  run: (signal: AbortSignal) => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: Notifier
    /** Adds a background check (at registration); false when its event goes nowhere, so it never runs. */
    noticeChecks: { add: (check: NoticeCheck) => boolean }
  }
}

export interface NotifyPluginOptions {
  /** Time between household checks (backends down, low disk; default 1 minute; 0: none, added checks neither). */
  watchMs?: number
  /** Time between the added checks' runs (stuck downloads; default 5 minutes). */
  checksMs?: number
  /** How long an idle channel gathers a flood into one summary (default 1 s). */
  batchMs?: number
  /** Receivers' timeouts (tests). */
  deliver?: DeliverOptions
  /** The clock retries are timed by (tests). */
  now?: () => number
}

/** The notices waiting for delivery, in STATE_DIR. */
export const NOTIFY_OUTBOX_FILE = 'notify-outbox.json'

export default fp<NotifyPluginOptions>(async function notifyPlugin (app: FastifyInstance, opts) {
  const log = app.log.child({ plugin: 'notify' })
  // Recorded as the server's own act (lib/audit/server-acts.ts): the event, to whom and by which channel.
  const record = (r: NotifyRecord) => recordServerAct(app.audit.store, {
    source: 'notice',
    action: `notify.${r.event}`,
    args: { to: r.to, channel: r.channel, attempts: r.attempts, ...(r.notices ? { notices: r.notices } : {}) },
    targets: [noticeLine(r.event, r.to, r.channel)],
    outcome: r.ok ? 'ok' : 'error',
    ...(r.error ? { error: r.error } : {})
  })
  // Waiting notices are kept in STATE_DIR, so a restart (SIGTERM) sends them once (lib/notify/outbox.ts).
  const report = (text: string) => { log.warn({}, text); app.audit.warn(text) }
  const notifier = createNotifier({
    urls: app.config.NOTIFY_URLS,
    people: app.config.NOTIFY_PEOPLE,
    events: app.config.NOTIFY_EVENTS,
    log,
    record,
    report,
    outboxFile: join(app.config.STATE_DIR, NOTIFY_OUTBOX_FILE),
    batchMs: opts.batchMs,
    deliver: opts.deliver,
    now: opts.now
  })
  app.decorate('notify', notifier)
  // A backend down for minutes and a low disk, read from what the server checks anyway (the background probe,
  // the disks' figures) once a minute; only with NOTIFY_URLS set.
  const watch = createHouseholdWatch({ send: (event, message) => notifier.notify(event, { to: 'household', message }) })
  let timer: NodeJS.Timeout | undefined
  const tick = async () => {
    watch.backends(app.backendStatus())
    const min = app.config.DISK_MIN_FREE_GIB
    const low = await lowDisks([{ label: 'media', path: app.config.MEDIA_ROOT }, { label: 'downloads', path: app.config.DOWNLOADS_ROOT }], min, app.disk.figures)
    watch.disks(low.map(d => ({ key: d.path, sentence: lowDiskSentence(d, min) })))
  }
  if (notifier.configured && opts.watchMs !== 0) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => { tick().catch(err => log.warn({ err: (err as Error).message }, 'the household watch could not read the disks')) }, opts.watchMs ?? 60_000)
      timer.unref()
    })
  }
  // Added checks: each runs `checksMs` after its last run ended (never two at once, never on a request path).
  const checks: NoticeCheck[] = []
  const stopper = new AbortController()
  const timers = new Set<NodeJS.Timeout>()
  const running = new Set<Promise<void>>()
  app.decorate('noticeChecks', {
    add (check: NoticeCheck) {
      // Somewhere: the household's or a named person's URLs, or (route `person`) those of anyone NOTIFY_PEOPLE
      // names, as a stuck download added by hand goes to the person who added it.
      if (opts.watchMs === 0 || notifier.channelsFor(check.event, [...notifier.people().keys()]).length === 0) return false
      checks.push(check)
      return true
    }
  })
  const schedule = (check: NoticeCheck) => {
    if (stopper.signal.aborted) return
    const t = setTimeout(() => {
      timers.delete(t)
      const run: Promise<void> = check.run(stopper.signal)
        .catch(err => { if (!stopper.signal.aborted) log.warn({ check: check.name, err: (err as Error).message }, 'a notice check failed; trying again next time') })
        .finally(() => { running.delete(run); schedule(check) })
      running.add(run)
    }, opts.checksMs ?? 5 * 60_000)
    t.unref()
    timers.add(t)
  }
  app.addHook('onReady', async () => { for (const check of checks) schedule(check) })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    stopper.abort()
    for (const t of timers) clearTimeout(t)
    while (running.size) await Promise.allSettled([...running])
    await notifier.close()
  })
}, { name: 'notify', dependencies: ['config', 'audit', 'backend-probe', 'disk'] })
