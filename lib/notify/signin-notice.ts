// The owner's security notice for a new sign-in (NOTIFY_EVENTS signin=…), coalesced per client and window: the
// first sign-in of a client is told at once; more sign-ins of the same client within the window are counted and
// told in one line when the window ends. One client that signs in 40 times in a fraction of a second sends two
// notices, not 40 (issue 35 #10).
import type { Message } from '../../core/notify/types.js'
import { noticeName } from '../../core/notify/render.js'

export interface SignIn { clientId: string, clientName?: string, scopes: string[] }

const ADVICE = 'If this was not you, set or change OAUTH_APPROVAL_PASSPHRASE and restart the server (with OAUTH_STORE=memory a restart signs every client out).'

/** client_name is the client's own claim: quoted, so it cannot close the quote and speak for the server. */
const clientWords = (s: SignIn) => s.clientName ? `calling itself ${noticeName(s.clientName, 80)}` : 'without a name'

export function signInMessage (s: SignIn): Message {
  return { title: 'New sign-in', body: `A client ${clientWords(s)} signed in with scopes ${s.scopes.join(', ') || '(none)'}. ${ADVICE}`, type: 'warning' }
}

export function repeatedSignInMessage (s: SignIn, more: number, windowMs: number): Message {
  const minutes = Math.max(1, Math.round(windowMs / 60_000))
  return { title: 'New sign-in', body: `The client ${clientWords(s)} signed in ${more} more time(s) within ${minutes} minute(s) of its first sign-in. ${ADVICE}`, type: 'warning' }
}

export interface SignInNotices {
  signedIn: (s: SignIn) => void
  /** Stops every window's timer (shutdown; what a window counted is not told: the notifier is closing too). */
  close: () => void
}

/** Runs `fn` after `ms` (unref'd); returns how to cancel it. Tests pass their own clock. */
export type Schedule = (fn: () => void, ms: number) => () => void

const realTimer: Schedule = (fn, ms) => {
  const timer = setTimeout(fn, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

/** `send` gets each notice to tell; `windowMs` (default 10 minutes) is how long a client's later sign-ins are held. */
export function createSignInNotices (o: { send: (m: Message) => void, windowMs?: number, schedule?: Schedule }): SignInNotices {
  const windowMs = o.windowMs ?? 10 * 60_000
  const schedule = o.schedule ?? realTimer
  const open = new Map<string, { last: SignIn, more: number, cancel: () => void }>()
  const end = (clientId: string) => {
    const w = open.get(clientId)
    if (!w) return
    open.delete(clientId)
    if (w.more > 0) o.send(repeatedSignInMessage(w.last, w.more, windowMs))
  }
  return {
    signedIn (s) {
      const w = open.get(s.clientId)
      if (w) { w.more++; w.last = s; return }
      open.set(s.clientId, { last: s, more: 0, cancel: schedule(() => end(s.clientId), windowMs) })
      o.send(signInMessage(s))
    },
    close () { for (const w of open.values()) w.cancel(); open.clear() }
  }
}
