// A person's "keep" from Telegram: the Keep button of a leaving-soon notice (callback data keep:<token>, sent by
// the tool server: lib/notify/telegram-keep.ts) and a reply "keep [why]" or "lift" to that notice. The bot asks
// the tool server to store it (POST /api/dashboard/keeps/link with the internal key, naming the Telegram user
// who pressed or replied), so the server alone decides: only the person the notice was for may use its token.
// The bot then answers what was done, and turns the button into "Lift my keep" (or back).
import { InlineKeyboard, type Context, type NextFunction } from 'grammy'
import { request } from 'undici'
import { KEEP_DATA } from '../lib/notify/telegram-keep.js'
import type { BotLogger } from './log.js'
import { ownerOf } from './chat-sessions.js'

export interface KeepDeps { mcpUrl: string, internalKey: string, log: BotLogger }

const REPLY_WORD = /^\s*(keep|lift)\b[\s:,.-]*(.*)$/is
const UNREACHABLE = 'I could not reach the media server, so nothing was changed. Try again in a minute, or use the link in the notice.'

/**
 * The keep token on a message's inline keyboard (the notice), if it carries one. A reply's reply_to_message is
 * the whole replied message, keyboard included: the Bot API server writes it with the same JsonMessage, which
 * stores reply_markup when the message has one (tdlib/telegram-bot-api @ 01a3679c : telegram-bot-api/Client.cpp :
 * 4173-4178 and 4714-4716).
 */
function tokenOf (message: { reply_markup?: { inline_keyboard?: Array<Array<{ callback_data?: string }>> } } | undefined): string | undefined {
  for (const b of message?.reply_markup?.inline_keyboard?.flat() ?? []) {
    const m = KEEP_DATA.exec(b.callback_data ?? '')
    if (m) return m[2]
  }
  return undefined
}

export function keepHandlers (deps: KeepDeps) {
  const url = `${deps.mcpUrl.replace(/\/mcp\/?$/, '').replace(/\/+$/, '')}/api/dashboard/keeps/link`

  /** The server's answer in words, and whether the keep now stands (for the button). */
  async function ask (actor: string, token: string, action: 'keep' | 'lift', why: string): Promise<{ text: string, kept?: boolean }> {
    try {
      const res = await request(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${deps.internalKey}`, 'content-type': 'application/json', 'x-mediastack-actor': actor },
        body: JSON.stringify({ token, action, ...(action === 'keep' && why ? { why: why.slice(0, 300) } : {}) }),
        headersTimeout: 15_000,
        bodyTimeout: 15_000
      })
      const body = await res.body.json().catch(() => ({})) as { message?: string, hint?: string, result?: string }
      if (res.statusCode === 200) return { text: body.message ?? 'Done.', kept: body.result === 'added' || body.result === 'already' }
      deps.log.info({ status: res.statusCode, action }, 'a keep was refused by the server')
      return { text: [body.message, body.hint].filter(Boolean).join(' ') || `The media server answered HTTP ${res.statusCode}; nothing was changed.` }
    } catch (err) {
      deps.log.warn({ err }, 'the keep could not reach the tool server')
      return { text: UNREACHABLE }
    }
  }

  /** The notice's text without an earlier status line, with a status line and the button that fits. */
  async function restyle (ctx: Context, token: string, kept: boolean) {
    const message = ctx.callbackQuery?.message ?? ctx.message?.reply_to_message
    if (!message || !('text' in message) || !message.text) return
    const base = message.text.split('\n\n')[0]!
    const text = kept ? `${base}\n\n✅ You keep it. It stays until you lift your keep.` : `${base}\n\n↩️ Your keep is lifted.`
    const keyboard = kept ? new InlineKeyboard().text('Lift my keep', `lift:${token}`) : new InlineKeyboard().text('Keep', `keep:${token}`)
    await ctx.api.editMessageText(message.chat.id, message.message_id, text, { reply_markup: keyboard })
      .catch(err => deps.log.debug({ err }, 'could not edit the leaving-soon notice'))
  }

  return {
    /** A pressed Keep / Lift my keep button. */
    async button (ctx: Context) {
      const m = KEEP_DATA.exec(ctx.callbackQuery?.data ?? '')
      if (!m || !ctx.from) return
      const action = m[1] as 'keep' | 'lift'
      const answer = await ask(ownerOf(ctx.chat?.id ?? ctx.from.id, ctx.from.id), m[2]!, action, '')
      await ctx.answerCallbackQuery({ text: answer.text.slice(0, 200), show_alert: answer.kept === undefined })
      if (answer.kept !== undefined) await restyle(ctx, m[2]!, answer.kept)
    },
    /** "keep [why]" or "lift" in reply to a leaving-soon notice; anything else goes on to the chat. */
    async reply (ctx: Context, next: NextFunction) {
      const msg = ctx.message
      const word = REPLY_WORD.exec(msg?.text ?? '')
      const token = msg?.reply_to_message?.from?.id === ctx.me.id ? tokenOf(msg.reply_to_message as never) : undefined
      if (!msg || !word || !token || !ctx.from) return next()
      const action = word[1]!.toLowerCase() as 'keep' | 'lift'
      const answer = await ask(ownerOf(ctx.chat!.id, ctx.from.id), token, action, word[2]!.trim())
      await ctx.reply(answer.text, { reply_parameters: { message_id: msg.message_id } })
      if (answer.kept !== undefined) await restyle(ctx, token, answer.kept)
    }
  }
}
