// Confirm / Cancel buttons. The callback data carries a short random id only: the confirm token stays in the
// chat loop's pending store, and this table maps the id to who may answer (same chat, same user).
import { InlineKeyboard } from 'grammy'
import { randomToken } from '../lib/secrets.js'

export interface OpenConfirmation {
  chatId: number
  userId: number
  owner: string
  conversationId: string
  /** The chat loop's id of the pending confirmation (not the token). */
  confirmationId: string
  tool: string
  summary: string
  expiresAt: number
  messageId?: number
}

const DATA = /^(ok|no):([A-Za-z0-9_-]{8})$/
/** Confirmations expire after 5 minutes; the table keeps them a little longer to say "expired" clearly. */
const KEEP_AFTER_EXPIRY_MS = 60 * 60_000
const MAX_OPEN = 1000

export type Lookup =
  | { kind: 'unknown' }
  | { kind: 'foreign' }
  | { kind: 'expired', entry: OpenConfirmation }
  | { kind: 'open', entry: OpenConfirmation, approve: boolean }

export function createConfirmations (now: () => number = Date.now) {
  const open = new Map<string, OpenConfirmation>()

  function sweep () {
    for (const [id, c] of open) if (now() > c.expiresAt + KEEP_AFTER_EXPIRY_MS) open.delete(id)
    while (open.size >= MAX_OPEN) open.delete(open.keys().next().value!)
  }

  function add (entry: OpenConfirmation): { id: string, keyboard: InlineKeyboard } {
    sweep()
    const id = randomToken(6)
    open.set(id, entry)
    return { id, keyboard: new InlineKeyboard().text('Confirm', `ok:${id}`).text('Cancel', `no:${id}`) }
  }

  /** Looks up a pressed button; an open one is taken (answered once). Someone else's stays open. */
  function take (data: string, chatId: number | undefined, userId: number): Lookup {
    const m = DATA.exec(data)
    const entry = m ? open.get(m[2]) : undefined
    if (!m || !entry) return { kind: 'unknown' }
    if (entry.chatId !== chatId || entry.userId !== userId) return { kind: 'foreign' }
    open.delete(m[2])
    if (now() > entry.expiresAt) return { kind: 'expired', entry }
    return { kind: 'open', entry, approve: m[1] === 'ok' }
  }

  /** Puts a taken confirmation back (its conversation was busy; the person can press again). */
  function restore (data: string, entry: OpenConfirmation) {
    const m = DATA.exec(data)
    if (m) open.set(m[2], entry)
  }

  return { add, take, restore, get size () { return open.size } }
}

export type Confirmations = ReturnType<typeof createConfirmations>
