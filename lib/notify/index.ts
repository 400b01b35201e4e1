// The household's notices, framework-free: `notify(event, { to, message })` returns at once; each channel the
// settings route the event to has its own lane, which delivers its notices one after another in the background,
// retries a receiver that was away (it had nothing), never re-sends one that went out in full and got no answer
// (http-post.ts), folds a flood of one event into one summary per window (summary.ts), and keeps what waits in
// the outbox file (outbox.ts), so a restart sends it once. Caps are per channel: a hung receiver holds up only
// its own lane. Every outcome is handed to `record` (the audit trail) with the channel's label only.
//
//   const notifier = createNotifier({ urls: config.NOTIFY_URLS, people: config.NOTIFY_PEOPLE, events: config.NOTIFY_EVENTS, log })
//   notifier.notify('ready', { to: 'alice', message: { title: 'Ready to watch', body: '"Heat" is ready.' } })
//   notifier.notify('disk', { to: 'household', message: { title: 'Low disk', body: '…', type: 'warning' } })
import { deliverOnce, DeliveryError, type DeliverOptions } from './deliver.js'
import { channelId, createOutbox, newId, type Pending } from './outbox.js'
import { foldable, summaryOf } from './summary.js'
import { parsePeople, parseRoutes, personOf, type Person } from '../../core/notify/settings.js'
export { notifySettingsProblems } from '../../core/notify/settings.js'
import type { DeliveryResult, Message, NotifyEvent } from '../../core/notify/types.js'
import { parseNotifyUrls, type Channel } from '../../core/notify/urls.js'

export type { Message, NotifyEvent, DeliveryResult } from '../../core/notify/types.js'

export interface NotifyRecord extends DeliveryResult {
  event: NotifyEvent
  /** The person, or `household`. */
  to: string
  /** How many notices this delivery carried (a flood's summary), when more than one. */
  notices?: number
}

export interface NotifierOptions {
  /** NOTIFY_URLS, NOTIFY_PEOPLE, NOTIFY_EVENTS (checked at start by notifySettingsProblems). */
  urls: string
  people?: string
  events?: string
  log: { warn: (obj: object, msg: string) => void, info: (obj: object, msg: string) => void }
  record?: (r: NotifyRecord) => void
  deliver?: DeliverOptions
  /** Attempts per notice (default 3). */
  attempts?: number
  /** Waits between attempts (default 5 s, then 60 s). */
  backoffMs?: number[]
  /** Deliveries waiting per channel at most (a flood's summary counts once); beyond it new ones are dropped and recorded (default 100). */
  maxPending?: number
  /** How long an idle channel gathers notices before sending, so a flood goes as one summary (default 1 s). */
  batchMs?: number
  /** Where waiting notices are kept across restarts (STATE_DIR/notify-outbox.json); without it, in memory only. */
  outboxFile?: string
  /** The clock retries are timed by (tests). */
  now?: () => number
  /** Hears of an outbox file set aside or not stored (the log and /health). */
  report?: (text: string) => void
}

/** Notices one channel holds at most, folded or not (memory and the outbox file stay bounded). */
const MAX_ITEMS_PER_CHANNEL = 5000

interface Lane { channel: Channel, running?: Promise<void>, wake?: () => void }

export function createNotifier (o: NotifierOptions) {
  const ignored: string[] = []
  const targets = parseNotifyUrls(o.urls, ignored)
  const people = parsePeople(o.people ?? '', ignored)
  const routes = parseRoutes(o.events ?? '', ignored)
  const attempts = o.attempts ?? 3
  const backoff = o.backoffMs ?? [5_000, 60_000]
  const maxPending = o.maxPending ?? 100
  const batchMs = o.batchMs ?? 1_000
  const now = o.now ?? Date.now
  const stopper = new AbortController()
  const report = o.report ?? ((text: string) => o.log.warn({}, text))
  const outbox = createOutbox({ file: o.outboxFile, report })
  const lanes = new Map<string, Lane>()
  for (const c of [...targets.household, ...[...targets.people.values()].flat()]) if (!lanes.has(channelId(c.url))) lanes.set(channelId(c.url), { channel: c })
  let waiting: Pending[] = []
  const save = () => outbox.save(() => waiting)

  /**
   * The channels an event about `to` goes to, each once. `personal`: the message is the person's own (a keep link
   * acts as that person), so it goes to the channels of the people in `to` only, never a shared one. `orHousehold`:
   * a notice that would reach nobody (no person mapped) goes to the household, unless the event is off.
   */
  function channelsFor (event: NotifyEvent, to: string | readonly string[], o: { personal?: boolean, orHousehold?: boolean } = {}): Array<{ channel: Channel, to: string }> {
    const route = routes[event]
    const out = new Map<string, { channel: Channel, to: string }>()
    const add = (list: Channel[] | undefined, who: string) => { for (const c of list ?? []) if (!out.has(c.url)) out.set(c.url, { channel: c, to: who }) }
    const concerned = (typeof to === 'string' ? [to] : to).filter(p => p !== 'household')
    if (route.person) for (const p of concerned) add(targets.people.get(p), p)
    for (const p of route.named) add(targets.people.get(p), p)
    if (route.household || (o.orHousehold && out.size === 0 && (route.person || route.named.length > 0))) add(targets.household, 'household')
    return o.personal ? [...out.values()].filter(c => concerned.includes(c.to)) : [...out.values()]
  }

  const sleep = (ms: number, lane?: Lane) => new Promise<void>(resolve => {
    const t = setTimeout(done, Math.max(0, ms))
    function done () { clearTimeout(t); stopper.signal.removeEventListener('abort', done); if (lane) lane.wake = undefined; resolve() }
    stopper.signal.addEventListener('abort', done, { once: true })
    if (lane) lane.wake = done
  })

  function record (r: NotifyRecord) {
    try { o.record?.(r) } catch (err) { o.log.warn({ err: (err as Error).message }, 'a notice outcome could not be recorded') }
    if (!r.ok) o.log.warn({ event: r.event, to: r.to, channel: r.channel, error: r.error, attempts: r.attempts }, 'notice not delivered')
  }

  const deliveredOf = new WeakMap<Pending, Set<number>>()
  const mine = (id: string) => waiting.filter(p => p.channel === id)
  const remove = (batch: Pending[]) => { waiting = waiting.filter(p => !batch.includes(p)) }

  /** The deliveries a lane would make now: each unfoldable notice, and one summary per event. */
  function deliveries (id: string): number {
    const list = mine(id)
    return list.filter(p => !foldable(p.message)).length + new Set(list.filter(p => foldable(p.message)).map(p => p.event)).size
  }

  /** One lane's loop: runs while its channel has notices, one delivery at a time. */
  async function drain (id: string, lane: Lane): Promise<void> {
    // An idle channel gathers first, so what a round produces at once goes as one summary.
    if (batchMs > 0) await sleep(batchMs)
    else await new Promise(resolve => setImmediate(resolve))
    while (!stopper.signal.aborted) {
      const list = mine(id)
      if (list.length === 0) return
      const due = list.filter(p => p.notBefore <= now())
      if (due.length === 0) { await sleep(Math.min(...list.map(p => p.notBefore)) - now(), lane); continue }
      const head = due[0]!
      const batch = foldable(head.message) ? due.filter(p => p.event === head.event && foldable(p.message)) : [head]
      const n = Math.max(...batch.map(p => p.attempts)) + 1
      const base = { event: head.event, to: head.to, channel: lane.channel.label, attempts: n, ...(batch.length > 1 ? { notices: batch.length } : {}) }
      try {
        // One notice's retry skips the ntfy topics that already have it; a summary is sent whole.
        let delivered: Set<number> | undefined
        if (batch.length === 1) { delivered = deliveredOf.get(head) ?? new Set(); deliveredOf.set(head, delivered) }
        await deliverOnce(lane.channel, summaryOf(batch.map(p => p.message)), { ...o.deliver, signal: stopper.signal, ...(delivered ? { delivered } : {}) })
        remove(batch)
        record({ ...base, ok: true })
      } catch (err) {
        const e = err instanceof DeliveryError ? err : new DeliveryError('failed unexpectedly', false)
        if (stopper.signal.aborted && !e.sent) {
          // Cut off by shutdown before it went out: it stays in the outbox for the next start.
          return
        }
        if (e.retry && n < attempts && !stopper.signal.aborted) {
          for (const p of batch) { p.attempts = n; p.notBefore = now() + (backoff[Math.min(n - 1, backoff.length - 1)] ?? 0) }
        } else {
          remove(batch)
          record({ ...base, ok: false, error: e.message })
        }
      }
      await save()
    }
  }

  function start (id: string) {
    const lane = lanes.get(id)
    if (!lane || stopper.signal.aborted) return
    if (lane.running) { lane.wake?.(); return }
    lane.running = drain(id, lane)
      .catch(err => o.log.warn({ err: (err as Error).message }, 'a notice channel stopped unexpectedly'))
      .finally(() => {
        lane.running = undefined
        // A notice queued while the loop was ending.
        if (!stopper.signal.aborted && mine(id).length > 0) start(id)
      })
  }

  /** Queues the event's notices and returns at once; never throws. Returns how many channels it went to. */
  function notify (event: NotifyEvent, n: { to: string | readonly string[], message: Message, personal?: boolean, orHousehold?: boolean }): number {
    if (stopper.signal.aborted) return 0
    const list = channelsFor(event, n.to, { personal: n.personal, orHousehold: n.orHousehold })
    for (const { channel, to } of list) {
      const id = channelId(channel.url)
      const wouldAdd = !foldable(n.message) || !mine(id).some(p => p.event === event && foldable(p.message))
      if ((wouldAdd && deliveries(id) >= maxPending) || mine(id).length >= MAX_ITEMS_PER_CHANNEL) {
        record({ event, to, channel: channel.label, ok: false, error: `dropped: ${maxPending} notices are already waiting for this channel (it is not answering)`, attempts: 0 })
        continue
      }
      waiting.push({ id: newId(), event, to, channel: id, message: n.message, attempts: 0, notBefore: 0, queuedAt: now() })
      start(id)
    }
    if (list.length) save().catch(() => {})
    return list.length
  }

  // What an earlier run left waiting: sent now, once; a channel no longer configured is recorded and dropped.
  for (const p of outbox.load(now())) {
    if (lanes.has(p.channel)) { waiting.push(p); continue }
    record({ event: p.event, to: p.to, channel: 'a channel no longer in NOTIFY_URLS', ok: false, error: 'not sent: its channel was removed from NOTIFY_URLS before it could be delivered', attempts: p.attempts })
  }
  for (const id of new Set(waiting.map(p => p.channel))) start(id)

  /** `npm run notify -- test`: one message to every configured channel, each answered (one attempt each). */
  async function test (m: Message): Promise<Array<DeliveryResult & { to: string }>> {
    const all = [...targets.household.map(c => ({ c, to: 'household' })), ...[...targets.people].flatMap(([p, cs]) => cs.map(c => ({ c, to: p })))]
    return await Promise.all(all.map(async ({ c, to }) => {
      try {
        await deliverOnce(c, m, { ...o.deliver, signal: stopper.signal })
        return { to, channel: c.label, ok: true, attempts: 1 }
      } catch (err) {
        return { to, channel: c.label, ok: false, error: err instanceof DeliveryError ? err.message : 'failed unexpectedly', attempts: 1 }
      }
    }))
  }

  const running = () => [...lanes.values()].map(l => l.running).filter((r): r is Promise<void> => r !== undefined)

  return {
    notify,
    test,
    channelsFor,
    /** Whether any URL is configured (without one nothing is sent and nothing changes). */
    configured: targets.household.length + targets.people.size > 0,
    people: (): ReadonlyMap<string, Person> => people,
    personOf: (who: { telegramUser?: string, mediaUser?: string, owner?: boolean }) => personOf(people, who),
    /** Resolves once every notice queued so far is in the outbox file (a caller that records "told" waits for it). */
    saved: () => save(),
    /** Notices waiting (tests). */
    waiting: () => waiting.length,
    /** Resolves when every queued delivery has finished (tests, shutdown). */
    idle: async () => { while (running().length) await Promise.allSettled(running()) },
    /**
     * Stops: waits end, a delivery in flight is cut off (one that had gone out in full is not sent again; one
     * that had not stays), and what still waits is stored for the next start.
     */
    close: async () => {
      stopper.abort()
      while (running().length) await Promise.allSettled(running())
      await save()
    }
  }
}

export type Notifier = ReturnType<typeof createNotifier>
