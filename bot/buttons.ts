// A pressed Confirm / Cancel button: only the person who asked may answer, every press is answered
// (answerCallbackQuery), and the question's message is edited to show what became of it.
import type { Context } from 'grammy'
import type { ChatSessions } from './chat-sessions.js'
import type { Confirmations, OpenConfirmation } from './confirmations.js'
import type { BotLogger } from './log.js'
import { clip } from './replies.js'
import type { createTurns } from './turns.js'

export interface ButtonDeps {
  confirmations: Confirmations
  sessions: ChatSessions
  turns: ReturnType<typeof createTurns>
  log: BotLogger
}

export const NOT_YOURS = 'Only the person who asked can answer this.'
export const NO_LONGER_OPEN = 'This question is no longer open (already answered, or the bot restarted). Ask again if you still want it.'

export function confirmationButtons (deps: ButtonDeps) {
  return async (ctx: Context) => {
    const query = ctx.callbackQuery
    if (!query?.data || !ctx.from) return
    const chatId = ctx.chat?.id
    const found = deps.confirmations.take(query.data, chatId, ctx.from.id)
    const edit = (text: string) => ctx.editMessageText(text).then(() => {}, err => deps.log.debug({ err }, 'could not edit the question message'))

    if (found.kind === 'foreign') {
      await ctx.answerCallbackQuery({ text: NOT_YOURS, show_alert: true })
      return
    }
    if (found.kind === 'unknown') {
      await ctx.answerCallbackQuery({ text: NO_LONGER_OPEN, show_alert: true })
      if (query.message && 'text' in query.message && query.message.text) await edit(`${query.message.text}\n\n(No longer open: nothing was changed.)`)
      return
    }
    const entry = found.entry
    const conv = deps.sessions.find(entry.owner, entry.conversationId)
    if (found.kind === 'expired') {
      conv?.pending.delete(entry.confirmationId)
      await ctx.answerCallbackQuery({ text: 'This confirmation expired.' })
      await edit(`⌛ Expired: ${entry.summary}\nNothing was changed. Ask again if you still want it.`)
      return
    }
    if (!conv || !conv.pending.has(entry.confirmationId)) {
      await ctx.answerCallbackQuery({ text: NO_LONGER_OPEN, show_alert: true })
      await edit(`${entry.summary}\n\n(No longer open: nothing was changed.)`)
      return
    }
    if (conv.busy) {
      deps.confirmations.restore(query.data, entry)
      await ctx.answerCallbackQuery({ text: 'Wait until my current reply is done, then press again.' })
      return
    }
    const asker = { chatId: entry.chatId, userId: entry.userId, owner: entry.owner }
    if (found.approve) {
      await ctx.answerCallbackQuery({ text: 'Confirmed' })
      await edit(`⏳ Confirmed, running: ${entry.summary}`)
      deps.turns.start(asker, conv, {
        kind: 'answer',
        confirmationId: entry.confirmationId,
        approve: true,
        onOutcome: (ok, summary) => edit(outcomeText(entry, ok, summary))
      })
    } else {
      await ctx.answerCallbackQuery({ text: 'Cancelled' })
      await edit(`✖️ Cancelled: ${entry.summary}\nNothing was changed.`)
      deps.turns.start(asker, conv, { kind: 'answer', confirmationId: entry.confirmationId, approve: false, onOutcome: async () => {} })
    }
  }
}

function outcomeText (entry: OpenConfirmation, ok: boolean, summary: string): string {
  return `${ok ? '✅ Done' : '❌ Failed'}: ${entry.summary}\n${clip(summary, 1000)}`
}
