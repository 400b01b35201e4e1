// Who may use the bot. With ALLOWED_CHAT_USERS set, anyone else gets one polite refusal per bot run and
// nothing more: no model request, no tool call, no further replies.
import type { Context, MiddlewareFn } from 'grammy'
import type { BotLogger } from './log.js'

export const REFUSAL = 'Sorry, this is a private bot: it only answers the people its owner has allowed.'

/** Enough to remember the refused users of any realistic run; past it the memory starts over. */
const MAX_REMEMBERED = 10_000

export function accessControl (allowed: ReadonlySet<number> | undefined, log: BotLogger): MiddlewareFn<Context> {
  const refused = new Set<number>()
  return async (ctx, next) => {
    const userId = ctx.from?.id
    // Channel posts and service updates have no person behind them.
    if (userId === undefined || ctx.from?.is_bot) return
    if (allowed === undefined || allowed.has(userId)) return next()
    if (refused.has(userId)) {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {})
      return
    }
    if (refused.size >= MAX_REMEMBERED) refused.clear()
    refused.add(userId)
    log.warn({ userId, chatId: ctx.chat?.id }, 'refused a user who is not in ALLOWED_CHAT_USERS')
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: REFUSAL, show_alert: true })
    else if (ctx.chat) await ctx.reply(REFUSAL)
  }
}
