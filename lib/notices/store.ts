// The notices' memory (STATE_DIR/<name>.json): requests, follows and the outbox, scoped by owner. Every
// change is saved (writes serialized and coalesced, each one atomic), so a restart resumes where it was and a
// notice already decided is neither lost nor decided again.
import { readFile, rename } from 'node:fs/promises'
import { Value } from '@sinclair/typebox/value'
import { randomToken } from '../secrets.js'
import { writeJsonAtomic } from '../fs/atomic-json.js'
import { NoticeStateSchema, targetKey, type Follow, type Notice, type NoticeLog, type NoticeRequest, type NoticeState, type Target } from './types.js'

/** Per person: a runaway model or a script must not grow the file without end. */
export const NOTICE_LIMITS = { requests: 100, follows: 50, outbox: 50, told: 300 }

export function createNoticeStore (file: string, log: NoticeLog) {
  let state: NoticeState = { version: 1, requests: [], follows: [], outbox: [] }
  let last: Promise<void> = Promise.resolve()
  let queued: Promise<void> | undefined

  async function load (): Promise<void> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
      throw new Error(`Cannot read ${file}: ${(err as Error).message}. Fix the permissions of STATE_DIR.`)
    }
    try {
      const data: unknown = JSON.parse(text)
      if (!Value.Check(NoticeStateSchema, data)) throw new Error('unexpected layout')
      state = data
    } catch (err) {
      // A damaged file must not keep the process down: set it aside and start empty.
      const aside = `${file}.corrupt-${Date.now()}`
      await rename(file, aside).catch(() => {})
      log.warn({ file: aside, reason: (err as Error).message }, 'notice state file was unreadable; moved aside, starting without requests or follows')
    }
  }

  function save (): Promise<void> {
    if (queued) return queued
    const run = last.then(() => {
      queued = undefined
      return writeJsonAtomic(file, state)
    })
    queued = run
    last = run.catch(err => { log.error({ err }, 'could not save the notice state; requests and follows may be forgotten on restart') })
    return run
  }

  const mine = <T extends { owner: string }>(list: T[], owner: string) => list.filter(x => x.owner === owner)

  /** Records a request; false when the person already asked for it or has too many open. */
  async function request (owner: string, target: Target, now: Date, person?: string): Promise<boolean> {
    const key = targetKey(target)
    const open = mine(state.requests, owner)
    if (open.some(r => targetKey(r.target) === key) || open.length >= NOTICE_LIMITS.requests) return false
    state.requests.push({ owner, target, since: now.toISOString(), ...(person ? { person } : {}) })
    await save()
    return true
  }

  async function follow (owner: string, seriesId: number, title: string, now: Date, instance?: string, person?: string): Promise<'added' | 'already' | 'full'> {
    const list = mine(state.follows, owner)
    if (list.some(f => f.seriesId === seriesId && f.instance === instance)) return 'already'
    if (list.length >= NOTICE_LIMITS.follows) return 'full'
    state.follows.push({ owner, seriesId, title, ...(instance ? { instance } : {}), since: now.toISOString(), ...(person ? { person } : {}), told: [] })
    await save()
    return 'added'
  }

  async function unfollow (owner: string, seriesId: number, instance?: string): Promise<boolean> {
    const before = state.follows.length
    state.follows = state.follows.filter(f => !(f.owner === owner && f.seriesId === seriesId && f.instance === instance))
    if (state.follows.length === before) return false
    await save()
    return true
  }

  /**
   * Decides a notice: in one write the request is closed (or the episodes marked told) and the notice queued,
   * so a restart can neither lose it nor decide it again. Without text it only closes or marks.
   */
  async function decide (owner: string, text: string | undefined, now: Date, done: { request?: NoticeRequest, follow?: Follow, told?: number[] }): Promise<void> {
    if (done.request) state.requests = state.requests.filter(r => r !== done.request)
    if (done.follow && done.told) done.follow.told = [...done.follow.told, ...done.told].slice(-NOTICE_LIMITS.told)
    if (text === undefined) { await save(); return }
    state.outbox.push({ id: randomToken(12), owner, text, at: now.toISOString() })
    const queuedForOwner = mine(state.outbox, owner)
    if (queuedForOwner.length > NOTICE_LIMITS.outbox) {
      const drop = new Set(queuedForOwner.slice(0, queuedForOwner.length - NOTICE_LIMITS.outbox))
      state.outbox = state.outbox.filter(n => !drop.has(n))
    }
    await save()
  }

  /** Removes delivered (or read) notices; only the owner's own ids count. */
  async function done (owner: string, ids: readonly string[]): Promise<number> {
    const wanted = new Set(ids)
    const before = state.outbox.length
    state.outbox = state.outbox.filter(n => !(n.owner === owner && wanted.has(n.id)))
    const removed = before - state.outbox.length
    if (removed > 0) await save()
    return removed
  }

  return {
    file,
    load,
    request,
    follow,
    unfollow,
    decide,
    done,
    requests: (): readonly NoticeRequest[] => state.requests,
    follows: (owner?: string): readonly Follow[] => owner === undefined ? state.follows : mine(state.follows, owner),
    outbox: (owner?: string): readonly Notice[] => owner === undefined ? state.outbox : mine(state.outbox, owner),
    openRequests: (owner: string): readonly NoticeRequest[] => mine(state.requests, owner),
    flush: () => last
  }
}

export type NoticeStore = ReturnType<typeof createNoticeStore>
