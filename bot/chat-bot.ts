// The bot, wired: access control first, then commands, text messages (chat loop turns), confirmation
// buttons; the job watcher beside it. start() resolves once long polling runs; stop() drains and closes.
import { Bot, GrammyError, type Api } from 'grammy'
import type { LlmProvider } from '../lib/chat/types.js'
import type { McpToolRunner } from '../lib/chat/mcp-runner.js'
import { accessControl } from './access.js'
import { confirmationButtons } from './buttons.js'
import { createChatSessions, ownerOf } from './chat-sessions.js'
import { createConfirmations } from './confirmations.js'
import { createJobWatcher } from './job-watcher.js'
import { keepHandlers } from './keeps.js'
import { KEEP_DATA } from '../lib/notify/telegram-keep.js'
import { botNotices, type BotNoticeOptions } from './notices.js'
import type { BotLogger } from './log.js'
import { GREETING, NEW_CONVERSATION, TEXT_ONLY, splitMessage } from './replies.js'
import type { BotSettings } from './settings.js'
import { createBotState } from './state.js'
import { createTurns } from './turns.js'

export interface ChatBotOptions {
  settings: BotSettings
  providers: LlmProvider[]
  runner: Pick<McpToolRunner, 'list' | 'call' | 'close'>
  log: BotLogger
  /** Long-poll wait per getUpdates call, in seconds. */
  pollTimeoutSeconds?: number
  watcher?: { firstCheckMs?: number, maxDelayMs?: number }
  /** Time between "it's ready" checks (default 5 minutes). */
  notices?: { intervalMs?: number, notify?: BotNoticeOptions['notify'] }
  /** How long stop() waits for replies being written. */
  drainMs?: number
  /** Clock for confirmation expiry (tests move it forward). */
  now?: () => number
}

export const OPEN_BOT_WARNING = 'ALLOWED_CHAT_USERS is empty: ANYONE who finds this bot can search, download and DELETE ' +
  'in your media stack. Set ALLOWED_CHAT_USERS to your numeric chat user id(s) and restart.'

export function createChatBot (opts: ChatBotOptions) {
  const { settings, log } = opts
  const bot = new Bot(settings.token, { client: { apiRoot: settings.apiRoot } })
  const stopping = new AbortController()
  const state = createBotState(settings.stateDir, log)
  const sessions = createChatSessions()
  const confirmations = createConfirmations(opts.now)
  const watcher = createJobWatcher({
    runner: opts.runner,
    state,
    log,
    notify: (job, text) => deliver(bot.api, job.chatId, text),
    ...opts.watcher
  })
  const notices = botNotices({ stateDir: settings.stateDir, runner: opts.runner, log, send: (chatId, text) => deliver(bot.api, chatId, text), ...opts.notices })
  const turns = createTurns({ api: bot.api, providers: opts.providers, runner: opts.runner, sessions, confirmations, watcher, notices: notices.watcher, log, signal: stopping.signal })

  bot.use(accessControl(settings.allowedUsers, log))
  bot.command('start', ctx => ctx.reply(GREETING))
  bot.command('new', async ctx => {
    const done = sessions.reset(ownerOf(ctx.chat.id, ctx.from!.id))
    await ctx.reply(done ? NEW_CONVERSATION : 'Wait until my current reply is done, then send /new again.')
  })
  bot.command(['follow', 'unfollow', 'following'], ctx => notices.command(ctx, stopping.signal))
  // A leaving-soon notice's Keep button and a "keep" reply to it (bot/keeps.ts), before the chat loop and the confirmations.
  const keeps = keepHandlers({ mcpUrl: settings.mcpUrl, internalKey: settings.internalKey, log })
  bot.callbackQuery(KEEP_DATA, ctx => keeps.button(ctx))
  bot.on('message:text', (ctx, next) => keeps.reply(ctx, next))
  bot.on('message:text', ctx => {
    const asker = { chatId: ctx.chat.id, userId: ctx.from.id, owner: ownerOf(ctx.chat.id, ctx.from.id) }
    turns.start(asker, sessions.conversation(asker.owner), { kind: 'message', text: ctx.message.text })
  })
  bot.on('message', ctx => ctx.reply(TEXT_ONLY))
  bot.on('callback_query:data', confirmationButtons({ confirmations, sessions, turns, log }))
  bot.on('callback_query', ctx => ctx.answerCallbackQuery())
  bot.catch(err => { log.error({ err: err.error, updateId: err.ctx.update.update_id }, 'handling an update failed') })

  let polling: Promise<void> | undefined

  async function start () {
    await watcher.resume()
    await notices.watcher.start()
    await bot.init()
    if (settings.allowedUsers === undefined) log.warn(OPEN_BOT_WARNING)
    else log.info({ allowedUsers: settings.allowedUsers.size }, 'only allowed chat users are served')
    await new Promise<void>((resolve, reject) => {
      polling = bot.start({
        timeout: opts.pollTimeoutSeconds ?? 30,
        allowed_updates: ['message', 'callback_query'],
        onStart: info => { log.info({ username: info.username }, 'bot is polling for messages'); resolve() }
      })
      polling.catch(reject)
    })
  }

  async function stop () {
    if (bot.isRunning()) await bot.stop().catch(err => log.warn({ err }, 'confirming the last update failed'))
    await polling?.catch(() => {})
    // Replies being written get a moment to finish; then they are aborted (and say so).
    const drained = await Promise.race([turns.idle().then(() => true), sleep(opts.drainMs ?? 8_000).then(() => false)])
    if (!drained) { stopping.abort(); await turns.idle() }
    await watcher.stop()
    await notices.watcher.stop()
    await opts.runner.close()
  }

  return { bot, start, stop, polling: () => polling, internals: { sessions, confirmations, watcher, turns, notices: notices.watcher } }
}

export type ChatBot = ReturnType<typeof createChatBot>

/** Sends a long text as several messages. False when Telegram says the chat is gone or blocked us. */
async function deliver (api: Api, chatId: number, text: string): Promise<boolean> {
  try {
    for (const part of splitMessage(text)) await api.sendMessage(chatId, part)
    return true
  } catch (err) {
    if (err instanceof GrammyError && (err.error_code === 403 || (err.error_code === 400 && /chat not found/i.test(err.description)))) return false
    throw err
  }
}

function sleep (ms: number) {
  return new Promise<void>(resolve => { const t = setTimeout(resolve, ms); t.unref() })
}
