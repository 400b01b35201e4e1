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

const isKeep = (k: any): k is Keep => k && typeof k.key === 'string' && typeof k.title === 'string' && typeof k.person === 'string' && typeof k.why === 'string' && typeof k.at === 'string'
const isLink = (l: any): l is KeepLink => l && typeof l.token === 'string' && typeof l.key === 'string' && typeof l.person === 'string' && typeof l.expires === 'string'

export function createKeepStore (stateDir: string) {
  const file = join(stateDir, FILE)
  let writing: Promise<unknown> = Promise.resolve()

  async function load (): Promise<KeepState> {
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<KeepState>
      return { version: 1, keeps: (parsed.keeps ?? []).filter(isKeep), links: (parsed.links ?? []).filter(isLink) }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, keeps: [], links: [] }
      // A keep that cannot be read must not let its title be deleted: the watched category stops and says why.
      throw new KeepStoreError(`Cannot read ${file}: ${(err as Error).message}. Fix the file (it holds the household's keeps); the watched cleanup waits until it can be read.`)
    }
  }

  function change<T> (fn: (s: KeepState) => T): Promise<T> {
    const run = writing.then(async () => {
      const s = await load()
      const out = fn(s)
      s.keeps = s.keeps.slice(-MAX_KEEPS)
      s.links = s.links.filter(l => Date.parse(l.expires) > Date.now()).slice(-MAX_LINKS)
      try {
        await writeJsonAtomic(file, s)
      } catch (err) {
        throw new KeepStoreError(`Cannot write ${file}: ${(err as Error).message}. Check that STATE_DIR is writable.`)
      }
      return out
    })
    writing = run.catch(() => {})
    return run
  }

  return {
    file,
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
