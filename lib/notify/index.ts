// The household's notices, framework-free: `notify(event, { to, message })` returns at once; each channel the
// settings route the event to is delivered in the background, retried a bounded number of times when the
// receiver was away, and every outcome is handed to `record` (the audit trail) with the channel's label only.
//
//   const notifier = createNotifier({ urls: config.NOTIFY_URLS, people: config.NOTIFY_PEOPLE, events: config.NOTIFY_EVENTS, log })
//   notifier.notify('ready', { to: 'alice', message: { title: 'Ready to watch', body: '"Heat" is ready.' } })
//   notifier.notify('disk', { to: 'household', message: { title: 'Low disk', body: '…', type: 'warning' } })
import { deliverOnce, DeliveryError, type DeliverOptions } from './deliver.js'
import { parsePeople, parseRoutes, personOf, type Person } from '../../core/notify/settings.js'
export { notifySettingsProblems } from '../../core/notify/settings.js'
import type { DeliveryResult, Message, NotifyEvent } from '../../core/notify/types.js'
import { parseNotifyUrls, type Channel } from '../../core/notify/urls.js'

export type { Message, NotifyEvent, DeliveryResult } from '../../core/notify/types.js'

export interface NotifyRecord extends DeliveryResult {
  event: NotifyEvent
  /** The person, or `household`. */
  to: string
}

export interface NotifierOptions {
  /** NOTIFY_URLS, NOTIFY_PEOPLE, NOTIFY_EVENTS (checked at start by notifySettingsProblems). */
  urls: string
  people?: string
  events?: string
  log: { warn: (obj: object, msg: string) => void, info: (obj: object, msg: string) => void }
  record?: (r: NotifyRecord) => void
  deliver?: DeliverOptions
  /** Attempts per channel (default 3). */
  attempts?: number
  /** Waits between attempts (default 5 s, then 60 s). */
  backoffMs?: number[]
  /** Deliveries waiting or running at most; beyond it new ones are dropped and recorded (default 200). */
  maxPending?: number
}

export function createNotifier (o: NotifierOptions) {
  const ignored: string[] = []
  const targets = parseNotifyUrls(o.urls, ignored)
  const people = parsePeople(o.people ?? '', ignored)
  const routes = parseRoutes(o.events ?? '', ignored)
  const attempts = o.attempts ?? 3
  const backoff = o.backoffMs ?? [5_000, 60_000]
  const maxPending = o.maxPending ?? 200
  const stopper = new AbortController()
  const pending = new Set<Promise<void>>()

  /** The channels an event about `to` goes to, each once. */
  function channelsFor (event: NotifyEvent, to: string | readonly string[]): Array<{ channel: Channel, to: string }> {
    const route = routes[event]
    const out = new Map<string, { channel: Channel, to: string }>()
    const add = (list: Channel[] | undefined, who: string) => { for (const c of list ?? []) if (!out.has(c.url)) out.set(c.url, { channel: c, to: who }) }
    const concerned = (typeof to === 'string' ? [to] : to).filter(p => p !== 'household')
    if (route.person) for (const p of concerned) add(targets.people.get(p), p)
    for (const p of route.named) add(targets.people.get(p), p)
    if (route.household) add(targets.household, 'household')
    return [...out.values()]
  }

  const sleep = (ms: number) => new Promise<void>(resolve => {
    const t = setTimeout(resolve, ms)
    stopper.signal.addEventListener('abort', () => { clearTimeout(t); resolve() }, { once: true })
  })

  async function attempt (channel: Channel, m: Message): Promise<DeliveryResult> {
    let error = ''
    const delivered = new Set<number>()
    for (let n = 1; n <= attempts; n++) {
      try {
        await deliverOnce(channel, m, { ...o.deliver, signal: stopper.signal, delivered })
        return { channel: channel.label, ok: true, attempts: n }
      } catch (err) {
        error = err instanceof DeliveryError ? err.message : 'failed unexpectedly'
        if (!(err instanceof DeliveryError) || !err.retry || n === attempts || stopper.signal.aborted) return { channel: channel.label, ok: false, error, attempts: n }
        await sleep(backoff[Math.min(n - 1, backoff.length - 1)] ?? 0)
      }
    }
    return { channel: channel.label, ok: false, error, attempts }
  }

  function record (r: NotifyRecord) {
    try { o.record?.(r) } catch (err) { o.log.warn({ err: (err as Error).message }, 'a notice outcome could not be recorded') }
    if (!r.ok) o.log.warn({ event: r.event, to: r.to, channel: r.channel, error: r.error, attempts: r.attempts }, 'notice not delivered')
  }

  /** Queues the event's notices and returns at once; never throws. Returns how many channels it went to. */
  function notify (event: NotifyEvent, n: { to: string | readonly string[], message: Message }): number {
    if (stopper.signal.aborted) return 0
    const list = channelsFor(event, n.to)
    for (const { channel, to } of list) {
      if (pending.size >= maxPending) {
        record({ event, to, channel: channel.label, ok: false, error: `dropped: ${maxPending} notices already waiting`, attempts: 0 })
        continue
      }
      const run: Promise<void> = attempt(channel, n.message).then(r => record({ ...r, event, to }))
        .finally(() => { pending.delete(run) })
      pending.add(run)
    }
    return list.length
  }

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

  return {
    notify,
    test,
    channelsFor,
    /** Whether any URL is configured (without one nothing is sent and nothing changes). */
    configured: targets.household.length + targets.people.size > 0,
    people: (): ReadonlyMap<string, Person> => people,
    personOf: (who: { telegramUser?: string, mediaUser?: string, owner?: boolean }) => personOf(people, who),
    /** Resolves when every queued delivery has finished (tests, shutdown). */
    idle: async () => { while (pending.size) await Promise.allSettled([...pending]) },
    /** Stops: waits between attempts end and running attempts are aborted, so shutdown is not held up. */
    close: async () => { stopper.abort(); while (pending.size) await Promise.allSettled([...pending]) }
  }
}

export type Notifier = ReturnType<typeof createNotifier>
