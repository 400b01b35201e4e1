// One conversation per person per chat (in a group, each member has their own history, and only they can
// answer their confirmations), kept in the chat loop's bounded conversation store.
import { createConversationStore, type Conversation } from '../lib/chat/conversations.js'

export const BOT_CONVERSATION_LIMITS = { perOwner: 1, total: 300, maxMessages: 40 }

export function ownerOf (chatId: number, userId: number): string {
  return `telegram:${chatId}:${userId}`
}

export function createChatSessions (limits = BOT_CONVERSATION_LIMITS) {
  const store = createConversationStore(limits)
  // owner → conversation id; insertion order doubles as least-recently-used order.
  const current = new Map<string, string>()

  function conversation (owner: string): Conversation {
    const id = current.get(owner)
    const existing = id === undefined ? undefined : store.get(id, owner)
    current.delete(owner)
    const conv = existing ?? store.create(owner)
    current.set(owner, conv.id)
    while (current.size > limits.total) current.delete(current.keys().next().value!)
    return conv
  }

  function find (owner: string, conversationId: string): Conversation | undefined {
    return store.get(conversationId, owner)
  }

  /** Forgets the history: the next message starts a new conversation (refused while a reply is written). */
  function reset (owner: string): boolean {
    const id = current.get(owner)
    const conv = id === undefined ? undefined : store.get(id, owner)
    if (conv?.busy) return false
    current.delete(owner)
    return true
  }

  return { store, conversation, find, reset }
}

export type ChatSessions = ReturnType<typeof createChatSessions>
