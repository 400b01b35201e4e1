// The leaving-soon notice in the person's Telegram chat with the household's bot, carrying a one-tap "Keep"
// button: sendMessage with an inline keyboard whose callback data is `keep:<token>` (the keep token of
// lib/library/keeps.ts, bound to that person and title). The bot process answers the button and a "keep" reply
// to the message (bot/keeps.ts). Bot API: sendMessage (chat_id, text 1-4096 characters, reply_markup) and
// InlineKeyboardButton.callback_data of 1-64 bytes, https://core.telegram.org/bots/api#sendmessage; a private
// chat's id is its user's id. Errors never carry the URL: it holds the bot token.
import { request } from 'undici'
import { renderNotice } from '../../core/notify/render.js'
import { failureWords } from './failure-words.js'

export const KEEP_DATA = /^(keep|lift):([A-Za-z0-9_-]{10,58})$/

export interface TelegramKeepOptions {
  apiRoot: string
  botToken: string
  timeoutMs?: number
  signal?: AbortSignal
}

/** The Keep button's callback data for a keep token (at most 64 bytes, Telegram's limit). */
export const keepData = (token: string) => `keep:${token}`

/** Sends the notice; throws an Error whose message is safe to record (a status or a connection failure). */
export async function sendTelegramKeep (o: TelegramKeepOptions, chatId: string, text: string, keepToken: string): Promise<void> {
  const timeoutMs = o.timeoutMs ?? 15_000
  const signal = o.signal ? AbortSignal.any([o.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs)
  let status: number
  let description = ''
  try {
    const res = await request(`${o.apiRoot.replace(/\/+$/, '')}/bot${o.botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // No parse_mode: Telegram shows the text as plain text (core/notify/render.ts).
      body: JSON.stringify({ chat_id: chatId, text: renderNotice('telegram', { title: '', body: text }).body.slice(0, 4000), reply_markup: { inline_keyboard: [[{ text: 'Keep', callback_data: keepData(keepToken) }]] } }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal
    })
    status = res.statusCode
    const body = await res.body.json().catch(() => undefined) as { description?: unknown } | undefined
    if (typeof body?.description === 'string') description = body.description.replace(/[^\w .:,'-]/g, '').slice(0, 120)
  } catch (err) {
    throw new Error(`not reachable: ${failureWords(err)}`)
  }
  if (status >= 200 && status < 300) return
  // 403: the person never started the bot (or blocked it); 400 chat not found: the same for an unknown id.
  const hint = status === 403 || /chat not found/i.test(description) ? ': the person has not started a chat with the bot (they send it /start once)' : status === 401 ? ': CHAT_BOT_TOKEN was refused' : ''
  throw new Error(`answered HTTP ${status}${hint}`)
}
