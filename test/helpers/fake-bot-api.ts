// A local fake of the chat service's Bot API (Telegram): the methods the bot uses, long polling with a short
// wait, updates fed by the test, Telegram's limits on text and button data, and a record of every call.
import Fastify from 'fastify'

export const FAKE_BOT_TOKEN = '123456789:TEST-fake-token_abcdefghijklmnopqrstuv'
const BOT_USER = { id: 123456789, is_bot: true, first_name: 'Mediastack', username: 'mediastack_test_bot' }

export interface BotApiCall {
  method: string
  body: Record<string, any>
}

export interface SentMessage {
  message_id: number
  chat_id: number
  text: string
  reply_markup?: { inline_keyboard?: Array<Array<{ text: string, callback_data?: string }>> }
  edits: number
}

export interface TestUser { id: number, first_name?: string }

export interface FakeBotApi {
  apiRoot: string
  calls: BotApiCall[]
  /** Every request body as received, to search for things that must never be sent. */
  rawBodies: string[]
  /** Messages the bot sent, by message id, with edits applied. */
  messages: Map<number, SentMessage>
  sendText: (user: TestUser, text: string, chatId?: number) => void
  /** A message without text (a sticker). */
  sendSticker: (user: TestUser, chatId?: number) => void
  pressButton: (user: TestUser, message: SentMessage, data: string, chatId?: number) => string
  /** A text in reply to one of the bot's messages: reply_to_message is that message, keyboard included (tdlib/telegram-bot-api @ 01a3679c : telegram-bot-api/Client.cpp : 4173-4178, 4714-4716). */
  replyTo: (user: TestUser, message: SentMessage, text: string) => void
  /** Messages sent to one chat, in order. */
  sentTo: (chatId: number) => SentMessage[]
  callsOf: (method: string) => BotApiCall[]
  /** Resolves with the first truthy value of `probe`, polling; rejects after timeoutMs. */
  waitFor: <T>(probe: () => T | undefined | null | false, timeoutMs?: number, what?: string) => Promise<T>
  close: () => Promise<void>
}

function fail (code: number, description: string) {
  return { ok: false, error_code: code, description }
}

export async function startFakeBotApi (opts: { token?: string, maxPollMs?: number } = {}): Promise<FakeBotApi> {
  const token = opts.token ?? FAKE_BOT_TOKEN
  const maxPollMs = opts.maxPollMs ?? 300
  const app = Fastify({ forceCloseConnections: true })
  const updates: Array<{ update_id: number } & Record<string, unknown>> = []
  const pollers = new Set<() => void>()
  let nextUpdateId = 1
  let nextMessageId = 1000
  let nextCallbackId = 1
  const state = {
    calls: [] as BotApiCall[],
    rawBodies: [] as string[],
    messages: new Map<number, SentMessage>()
  }

  function push (update: Record<string, unknown>) {
    updates.push({ update_id: nextUpdateId++, ...update })
    for (const wake of pollers) wake()
  }

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try { done(null, { raw: body, json: body === '' ? {} : JSON.parse(body as string) }) } catch (err) { done(err as Error) }
  })

  app.post('/:botPath/:method', async (req, reply) => {
    const { botPath, method } = req.params as { botPath: string, method: string }
    const parsed = (req.body ?? { raw: '', json: {} }) as { raw: string, json: Record<string, any> }
    state.rawBodies.push(`${method} ${parsed.raw}`)
    if (botPath !== `bot${token}`) return reply.code(401).send(fail(401, 'Unauthorized'))
    const body = parsed.json
    state.calls.push({ method, body })
    const answer = await handle(method, body)
    if ('error_code' in answer) return reply.code(answer.error_code as number).send(answer)
    return answer
  })

  async function handle (method: string, body: Record<string, any>): Promise<Record<string, unknown>> {
    switch (method) {
      case 'getMe': return { ok: true, result: BOT_USER }
      case 'deleteWebhook': return { ok: true, result: true }
      case 'getUpdates': return { ok: true, result: await poll(body) }
      case 'sendChatAction': return { ok: true, result: true }
      case 'answerCallbackQuery': return { ok: true, result: true }
      case 'sendMessage': {
        const problem = checkText(body.text) ?? checkMarkup(body.reply_markup)
        if (problem) return fail(400, problem)
        const message: SentMessage = { message_id: nextMessageId++, chat_id: Number(body.chat_id), text: body.text, reply_markup: body.reply_markup, edits: 0 }
        state.messages.set(message.message_id, message)
        return { ok: true, result: asTelegramMessage(message) }
      }
      case 'editMessageText': {
        const message = state.messages.get(Number(body.message_id))
        if (!message || message.chat_id !== Number(body.chat_id)) return fail(400, 'Bad Request: message to edit not found')
        const problem = checkText(body.text) ?? checkMarkup(body.reply_markup)
        if (problem) return fail(400, problem)
        Object.assign(message, { text: body.text, reply_markup: body.reply_markup, edits: message.edits + 1 })
        return { ok: true, result: asTelegramMessage(message) }
      }
      default: return fail(404, 'Not Found: method not found')
    }
  }

  /** Long polling: answers at once when updates wait, else after an update arrives or a short wait. */
  async function poll (body: Record<string, any>) {
    const offset = Number(body.offset ?? 0)
    while (updates.length > 0 && updates[0].update_id < offset) updates.shift()
    const waitMs = Math.min(Number(body.timeout ?? 0) * 1000, maxPollMs)
    if (updates.length === 0 && waitMs > 0) {
      await new Promise<void>(resolve => {
        const wake = () => { clearTimeout(timer); pollers.delete(wake); resolve() }
        const timer = setTimeout(wake, waitMs)
        pollers.add(wake)
      })
    }
    return updates.slice(0, Number(body.limit ?? 100))
  }

  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    ...state,
    sendText (user, text, chatId = user.id) {
      push({ message: { message_id: nextMessageId++, date: now(), chat: chatOf(chatId, user), from: userOf(user), text, ...commandEntities(text) } })
    },
    sendSticker (user, chatId = user.id) {
      push({ message: { message_id: nextMessageId++, date: now(), chat: chatOf(chatId, user), from: userOf(user), sticker: { file_id: 'sticker-1', file_unique_id: 's1', type: 'regular', width: 512, height: 512, is_animated: false, is_video: false } } })
    },
    pressButton (user, message, data, chatId = message.chat_id) {
      const id = `cbq-${nextCallbackId++}`
      push({ callback_query: { id, from: userOf(user), chat_instance: `ci-${chatId}`, data, message: { ...asTelegramMessage(message), chat: chatOf(chatId, user) } } })
      return id
    },
    replyTo (user, message, text) {
      push({ message: { message_id: nextMessageId++, date: now(), chat: chatOf(message.chat_id, user), from: userOf(user), text, reply_to_message: asTelegramMessage(message) } })
    },
    sentTo: chatId => [...state.messages.values()].filter(m => m.chat_id === chatId),
    callsOf: method => state.calls.filter(c => c.method === method),
    async waitFor (probe, timeoutMs = 15_000, what = 'condition') {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const value = probe()
        if (value) return value
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
        await new Promise(resolve => setTimeout(resolve, 20))
      }
    },
    close: () => app.close()
  }
}

function now () { return Math.floor(Date.now() / 1000) }

function userOf (user: TestUser) {
  return { id: user.id, is_bot: false, first_name: user.first_name ?? `User ${user.id}` }
}

function chatOf (chatId: number, user: TestUser) {
  return chatId === user.id ? { id: chatId, type: 'private', first_name: user.first_name ?? `User ${user.id}` } : { id: chatId, type: 'group', title: 'Family' }
}

function commandEntities (text: string) {
  const command = /^\/[a-z_]+/.exec(text)
  return command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}
}

function asTelegramMessage (m: SentMessage) {
  return { message_id: m.message_id, date: now(), chat: { id: m.chat_id, type: 'private' }, from: BOT_USER, text: m.text, ...(m.reply_markup ? { reply_markup: m.reply_markup } : {}) }
}

// Telegram's limits: 1–4096 characters of text, 1–64 bytes of callback data.
function checkText (text: unknown): string | undefined {
  if (typeof text !== 'string' || text.trim().length === 0) return 'Bad Request: message text is empty'
  if ([...text].length > 4096) return 'Bad Request: message is too long'
  return undefined
}

function checkMarkup (markup: unknown): string | undefined {
  const rows = (markup as { inline_keyboard?: Array<Array<{ callback_data?: string }>> } | undefined)?.inline_keyboard
  for (const button of rows?.flat() ?? []) {
    const size = Buffer.byteLength(button.callback_data ?? '')
    if (size < 1 || size > 64) return 'Bad Request: BUTTON_DATA_INVALID'
  }
  return undefined
}
