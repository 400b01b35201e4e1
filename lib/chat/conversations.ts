// Conversations belong to the credential that created them and are bounded in length, count and age:
// at most `perOwner` per credential (its least recently used makes room), `total` in all (the least
// recently used of anyone makes room, so the owner always gets one), and dropped after `idleMs` unused.
import { randomToken } from '../secrets.js'
import type { ChatMessage } from './types.js'

export interface PendingConfirmation {
  tool: string
  args: Record<string, unknown>
  /** The confirm token stays here, server-side: the model never sees or replays it. */
  token: string
  summary: string
  expiresAt: number
}

export interface Conversation {
  id: string
  owner: string
  messages: ChatMessage[]
  pending: Map<string, PendingConfirmation>
  updatedAt: number
  /** True while a turn runs: a second message waits for none, it is refused. */
  busy: boolean
}

export interface ConversationLimits {
  perOwner: number
  total: number
  maxMessages: number
  /** A conversation unused this long is dropped, ms (default a day). */
  idleMs?: number
}

export const DEFAULT_LIMITS: ConversationLimits = { perOwner: 20, total: 500, maxMessages: 60, idleMs: 24 * 3600_000 }

export function createConversationStore (limits: ConversationLimits = DEFAULT_LIMITS, now: () => number = Date.now) {
  const byId = new Map<string, Conversation>()
  const idleMs = limits.idleMs ?? DEFAULT_LIMITS.idleMs!

  function sweep () {
    const cutoff = now() - idleMs
    for (const [id, conv] of byId) if (!conv.busy && conv.updatedAt < cutoff) byId.delete(id)
  }

  function create (owner: string): Conversation {
    sweep()
    const mine = [...byId.values()].filter(c => c.owner === owner && !c.busy).sort((a, b) => a.updatedAt - b.updatedAt)
    // Conversations are history, not credentials: the least recently used one of the same owner makes room.
    while (mine.length >= limits.perOwner) byId.delete(mine.shift()!.id)
    if (byId.size >= limits.total) {
      const oldest = [...byId.values()].filter(c => !c.busy).sort((a, b) => a.updatedAt - b.updatedAt)[0]
      if (oldest) byId.delete(oldest.id)
    }
    const conv: Conversation = { id: randomToken(16), owner, messages: [], pending: new Map(), updatedAt: now(), busy: false }
    byId.set(conv.id, conv)
    return conv
  }

  /** Another owner's conversation is reported as unknown, never as "forbidden" (no oracle). */
  function get (id: string, owner: string): Conversation | undefined {
    const conv = byId.get(id)
    if (conv && !conv.busy && conv.updatedAt < now() - idleMs) {
      byId.delete(id)
      return undefined
    }
    return conv && conv.owner === owner ? conv : undefined
  }

  function trim (conv: Conversation) {
    conv.updatedAt = now()
    const overflow = conv.messages.length - limits.maxMessages
    if (overflow <= 0) return
    let cut = overflow
    // Never start the kept history with an orphaned tool result or assistant tool call.
    while (cut < conv.messages.length && conv.messages[cut].role !== 'user') cut++
    conv.messages.splice(0, cut)
  }

  return { create, get, trim, size: () => byId.size }
}

export type ConversationStore = ReturnType<typeof createConversationStore>
