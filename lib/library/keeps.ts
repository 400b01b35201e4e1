// A person's "keep" in the watched cleanup (STATE_DIR/keeps.json): who keeps which title, why and since when.
// A kept title is never proposed for deletion while any keep on it stands; each person lifts only their own,
// and an owner may lift everyone's through a confirm. The one-tap links sent with "leaving soon" notices are
// random tokens bound to one person and one title (kept here too, with an expiry), so a link grants nothing else.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeJsonAtomic } from '../fs/atomic-json.js'
import { randomToken, safeEqual } from '../secrets.js'

const FILE = 'keeps.json'
/** Bounds on the file: a runaway caller must not grow it without end. */
const MAX_KEEPS = 5000
const MAX_LINKS = 5000

export interface Keep {
  /** The watched category's key of the title ("Radarr:movie:12"). */
  key: string
  title: string
  person: string
  why: string
  at: string
}

export interface KeepLink { token: string, key: string, title: string, person: string, expires: string }

interface KeepState { version: 1, keeps: Keep[], links: KeepLink[] }

export class KeepStoreError extends Error {}

const isLink = (l: any): l is KeepLink => l && typeof l.token === 'string' && typeof l.key === 'string' && typeof l.person === 'string' && typeof l.expires === 'string'

/** The key a keep written by hand with a title and no key stands under: it holds back every title of that name. */
export const titleKey = (title: string) => `title:${title.trim().toLowerCase()}`

/** The keeps on a title: those on its key, and those written by hand naming only its title. */
export function keptFor (keeps: ReadonlyMap<string, Keep[]>, x: { key: string, title: string }): Keep[] | undefined {
  const all = [...keeps.get(x.key) ?? [], ...keeps.get(titleKey(x.title)) ?? []]
  return all.length ? all : undefined
}

/** A date as written by hand: ISO text, or epoch seconds or milliseconds; '' when it says none. */
function dateOf (v: unknown): string {
  if (typeof v === 'string') return v
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return new Date(v < 1e11 ? v * 1000 : v).toISOString()
  return ''
}

/**
 * One keep as the file holds it. What matters is who keeps it and which title: without those it cannot be read,
 * and the whole file is refused (never a keep dropped silently). The rest (why, since when) is optional, and
 * fields this server does not know stay in the file.
 */
function readKeep (raw: unknown, n: number, file: string): Keep {
  const bad = (what: string) => new KeepStoreError(`Cannot read ${file}: keep number ${n} ${what}. Fix that entry (each keep needs "person" and "key" or "title"); the watched cleanup waits until the file can be read.`)
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad('is not an object')
  const k = raw as Record<string, unknown>
  const person = typeof k.person === 'string' ? k.person.trim() : ''
  if (!person) throw bad('names no person')
  const key = typeof k.key === 'string' && k.key.trim() ? k.key.trim() : undefined
  const title = typeof k.title === 'string' && k.title.trim() ? k.title.trim() : undefined
  if (!key && !title) throw bad('names no title (neither "key" nor "title")')
  const why = typeof k.why === 'string' ? k.why : typeof k.why === 'number' ? String(k.why) : ''
  return { ...k, key: key ?? titleKey(title!), title: title ?? key!, person, why, at: dateOf(k.at) }
}

/** The file's keeps: `{version, keeps, links}` as written here, or a bare list of keeps written by hand. */
function readState (parsed: unknown, file: string): KeepState {
  const unreadable = (why: string) => new KeepStoreError(`Cannot read ${file}: ${why}. Fix the file (it holds the household's keeps); the watched cleanup waits until it can be read.`)
  if (Array.isArray(parsed)) return { version: 1, keeps: parsed.map((k, i) => readKeep(k, i + 1, file)), links: [] }
  if (!parsed || typeof parsed !== 'object') throw unreadable('it is not a JSON object or list of keeps')
  const s = parsed as { keeps?: unknown, links?: unknown }
  if (s.keeps !== undefined && !Array.isArray(s.keeps)) throw unreadable('"keeps" is not a list')
  const keeps = ((s.keeps ?? []) as unknown[]).map((k, i) => readKeep(k, i + 1, file))
  return { version: 1, keeps, links: Array.isArray(s.links) ? s.links.filter(isLink) : [] }
}

export function createKeepStore (stateDir: string) {
  const file = join(stateDir, FILE)
  let writing: Promise<unknown> = Promise.resolve()
  /** Told of the links a write dropped because they expired (the audit trail records them). */
  const expiredListeners = new Set<(links: KeepLink[]) => void>()

  async function load (): Promise<KeepState> {
    let parsed: unknown
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, keeps: [], links: [] }
      // A keep that cannot be read must not let its title be deleted: the watched category stops and says why.
      throw new KeepStoreError(`Cannot read ${file}: ${(err as Error).message}. Fix the file (it holds the household's keeps); the watched cleanup waits until it can be read.`)
    }
    return readState(parsed, file)
  }

  function change<T> (fn: (s: KeepState) => T): Promise<T> {
    const run = writing.then(async () => {
      const s = await load()
      const out = fn(s)
      s.keeps = s.keeps.slice(-MAX_KEEPS)
      const expired = s.links.filter(l => !(Date.parse(l.expires) > Date.now()))
      s.links = s.links.filter(l => Date.parse(l.expires) > Date.now()).slice(-MAX_LINKS)
      try {
        await writeJsonAtomic(file, s)
      } catch (err) {
        throw new KeepStoreError(`Cannot write ${file}: ${(err as Error).message}. Check that STATE_DIR is writable.`)
      }
      if (expired.length) for (const fn of expiredListeners) fn(expired)
      return out
    })
    writing = run.catch(() => {})
    return run
  }

  return {
    file,
    /** Calls `fn` with the links each write drops as expired; returns the unsubscribe. */
    onExpired (fn: (links: KeepLink[]) => void): () => void {
      expiredListeners.add(fn)
      return () => { expiredListeners.delete(fn) }
    },
    all: async (): Promise<Keep[]> => (await load()).keeps,
    /** The keeps on each key. */
    async byKey (): Promise<Map<string, Keep[]>> {
      const out = new Map<string, Keep[]>()
      for (const k of (await load()).keeps) out.set(k.key, [...out.get(k.key) ?? [], k])
      return out
    },
    /** Records a keep; 'already' when this person keeps this title (the first why and date stay). */
    keep: (k: Omit<Keep, 'at'>, now = new Date()): Promise<'added' | 'already'> => change(s => {
      if (s.keeps.some(x => x.key === k.key && x.person === k.person)) return 'already'
      s.keeps.push({ ...k, why: k.why.slice(0, 300), at: now.toISOString() })
      return 'added'
    }),
    /** Lifts one person's keep of a title; false when they had none. */
    lift: (person: string, key: string): Promise<boolean> => change(s => {
      const before = s.keeps.length
      s.keeps = s.keeps.filter(x => !(x.key === key && x.person === person))
      return s.keeps.length < before
    }),
    /** An owner's override: lifts exactly the keeps the confirm showed (by person and date), returns those lifted. */
    override: (key: string, shown: Array<Pick<Keep, 'person' | 'at'>>): Promise<Keep[]> => change(s => {
      const lifted = s.keeps.filter(x => x.key === key && shown.some(y => y.person === x.person && y.at === x.at))
      s.keeps = s.keeps.filter(x => !lifted.includes(x))
      return lifted
    }),
    /** A one-tap link for one person and one title, valid for `validMs`. */
    link: (l: Omit<KeepLink, 'token' | 'expires'>, validMs: number, now = new Date()): Promise<string> => change(s => {
      const token = randomToken(18)
      s.links.push({ ...l, token, expires: new Date(now.getTime() + validMs).toISOString() })
      return token
    }),
    /** The link a token stands for, while it is valid. */
    async linkFor (token: string, now = new Date()): Promise<KeepLink | undefined> {
      if (!/^[\w-]{10,64}$/.test(token)) return undefined
      return (await load()).links.find(l => safeEqual(l.token, token) && Date.parse(l.expires) > now.getTime())
    }
  }
}

export type KeepStore = ReturnType<typeof createKeepStore>
