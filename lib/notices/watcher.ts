// The notice watcher: records what people ask for in the chat, checks on a modest interval whether it is
// imported and playable (and whether followed shows have new episodes), decides each notice once, and hands
// the outbox to `deliver` (the bot's chat). Without `deliver` notices wait in the outbox until the person
// reads them (the web chat).
import type { ToolRunner, ToolRunResult } from '../chat/types.js'
import { requestedBy } from './from-results.js'
import { CheckFailed, memoCall } from './lookups.js'
import { followNews, requestReady } from './readiness.js'
import type { NoticeStore } from './store.js'
import { targetLabel, type Notice, type NoticeLog, type Target } from './types.js'

export interface NoticeWatcherOptions {
  store: NoticeStore
  runner: ToolRunner
  log: NoticeLog
  /** true: delivered (leaves the outbox); false: never deliverable (dropped); throws: tried again next round. */
  deliver?: (notice: Notice) => Promise<boolean>
  /**
   * Whether a person other than the owner (a request's or follow's `person`) may be told of a ready title: their own
   * media-server user may open its item (lib/people/notice-limits.ts). Throws CheckFailed with a plain reason when
   * their user cannot be checked: nothing is decided, the next round tries again. Without it such a person is told nothing.
   */
  mayTell?: (person: string, item: string | null | undefined, signal: AbortSignal) => Promise<boolean>
  /** Each notice as it is decided (the web chat's owner also hears it on their channels: plugins/notices.ts). */
  decided?: (owner: string, text: string) => void
  /** Time between rounds (default 5 minutes). */
  intervalMs?: number
  /** A request not ready after this long is given up, and the person told (default 60 days). */
  giveUpMs?: number
  now?: () => Date
}

export function createNoticeWatcher (opts: NoticeWatcherOptions) {
  const intervalMs = opts.intervalMs ?? 5 * 60_000
  const giveUpMs = opts.giveUpMs ?? 60 * 24 * 3600_000
  const now = opts.now ?? (() => new Date())
  const stopper = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> | undefined

  /** Called with each tool result of a chat turn: a grab or an add makes `owner` a requester. Returns the label. */
  async function record (owner: string, tool: string, result: ToolRunResult, person?: string): Promise<string | undefined> {
    const target: Target | undefined = requestedBy(tool, result)
    if (!target) return undefined
    return await opts.store.request(owner, target, now(), person) ? targetLabel(target) : undefined
  }

  /** A ready title a person may not see is not named to them: neither told nor counted (docs/security.md). */
  async function hiddenFrom (person: string | undefined, item: string | null | undefined): Promise<boolean> {
    if (person === undefined) return false
    const tell = opts.mayTell ? await opts.mayTell(person, item, stopper.signal) : false
    if (!tell) opts.log.info({ person }, 'a ready notice was not sent: that person\'s own media-server user may not see the title')
    return !tell
  }

  /** One round: every request and follow checked, then the outbox delivered. Concurrent callers share it. */
  function checkNow (): Promise<void> {
    round ??= runRound().finally(() => { round = undefined })
    return round
  }

  async function runRound () {
    const call = memoCall((name, args) => opts.runner.call(name, args, stopper.signal))
    // A Seerr request is read as the person who made it (their Seerr permissions, their Seerr notice settings).
    const asOwner = new Map<string, ReturnType<typeof memoCall>>()
    const callFor = (owner: string) => {
      let c = asOwner.get(owner)
      if (!c) asOwner.set(owner, c = memoCall((name, args) => opts.runner.call(name, args, stopper.signal, owner)))
      return c
    }
    const failures = new Set<string>()
    const at = now()
    const decide = async (owner: string, text: string | undefined, about: Parameters<NoticeStore['decide']>[3]) => {
      await opts.store.decide(owner, text, at, about)
      if (text) opts.decided?.(owner, text)
    }
    for (const request of [...opts.store.requests()]) {
      if (stopper.signal.aborted) return
      const since = Date.parse(request.since)
      try {
        let named: { item: string | null | undefined } | undefined
        const text = await requestReady(request.target.kind === 'request' ? callFor(request.owner) : call, request.target, since, item => { named = { item } })
        // '' settles a request with nothing to tell (Seerr already told the person on the same chat); so does a
        // ready title the person's own media-server user may not see.
        const hidden = text !== undefined && text !== '' && named !== undefined && await hiddenFrom(request.person, named.item)
        if (text !== undefined) await decide(request.owner, text === '' || hidden ? undefined : text, { request })
        else if (at.getTime() - since > giveUpMs) {
          await decide(request.owner, `⌛ I stopped waiting for ${targetLabel(request.target)}: it was not ready ${Math.round(giveUpMs / 86_400_000)} days after you asked.`, { request })
        }
      } catch (err) {
        if (!(err instanceof CheckFailed)) throw err
        failures.add(err.message)
      }
    }
    for (const follow of [...opts.store.follows()]) {
      if (stopper.signal.aborted) return
      try {
        const news = await followNews(call, follow)
        const hidden = news.text !== undefined && await hiddenFrom(follow.person, news.item)
        if (news.told.length > 0) await decide(follow.owner, hidden ? undefined : news.text, { follow, told: news.told })
      } catch (err) {
        if (!(err instanceof CheckFailed)) throw err
        failures.add(err.message)
      }
    }
    if (failures.size > 0) opts.log.warn({ problems: [...failures].slice(0, 5) }, 'some notice checks failed; trying again next round')
    await deliverAll()
  }

  async function deliverAll () {
    if (!opts.deliver) return
    for (const notice of [...opts.store.outbox()]) {
      if (stopper.signal.aborted) return
      try {
        const delivered = await opts.deliver(notice)
        if (!delivered) opts.log.warn({ owner: notice.owner }, 'notice undeliverable; dropped')
        await opts.store.done(notice.owner, [notice.id])
      } catch (err) {
        opts.log.warn({ err, owner: notice.owner }, 'notice not delivered yet; trying again next round')
      }
    }
  }

  function schedule () {
    if (stopper.signal.aborted) return
    timer = setTimeout(() => {
      checkNow().catch(err => opts.log.error({ err }, 'a notice round failed')).finally(schedule)
    }, intervalMs)
    timer.unref?.()
  }

  /** Loads what a previous run left (requests, follows, undelivered notices) and starts the rounds. */
  async function start () {
    await opts.store.load()
    const requests = opts.store.requests().length
    const follows = opts.store.follows().length
    if (requests + follows > 0) opts.log.info({ requests, follows }, 'notice requests and follows resumed')
    schedule()
  }

  async function stop () {
    stopper.abort()
    clearTimeout(timer)
    await round?.catch(() => {})
    await opts.store.flush()
  }

  return { record, checkNow, start, stop, now, store: opts.store }
}

export type NoticeWatcher = ReturnType<typeof createNoticeWatcher>
