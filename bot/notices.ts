// "It's ready" notices in the bot: each person's requests and follows (lib/notices) kept in
// STATE_DIR/bot-notices.json, checked over MCP like everything the bot does, and sent to the chat the person
// asked in. /follow, /unfollow and /following are answered here, without the language model.
import { join } from 'node:path'
import type { CommandContext, Context } from 'grammy'
import type { ToolRunner } from '../lib/chat/types.js'
import { parseNoticeCommand, runNoticeCommand } from '../lib/notices/commands.js'
import { createNoticeStore } from '../lib/notices/store.js'
import { createNoticeWatcher } from '../lib/notices/watcher.js'
import type { Notifier } from '../lib/notify/index.js'
import type { BotLogger } from './log.js'
import { ownerOf } from './chat-sessions.js'

export const NOTICES_FILE = 'bot-notices.json'

export interface BotNoticeOptions {
  stateDir: string
  runner: ToolRunner
  log: BotLogger
  /** Sends a text to a chat; false when the chat is gone or blocked the bot. */
  send: (chatId: number, text: string) => Promise<boolean>
  intervalMs?: number
  /** The household's notice channels (lib/notify): a person named in NOTIFY_PEOPLE also gets it there. */
  notify?: Pick<Notifier, 'notify' | 'personOf'>
}

/** The chat a bot owner (`telegram:<chat>:<user>`) asked in. */
export function chatOf (owner: string): number | undefined {
  const m = /^telegram:(-?\d{1,20}):\d{1,20}$/.exec(owner)
  return m ? Number(m[1]) : undefined
}

/** The Telegram user of a bot owner (`telegram:<chat>:<user>`). */
export function userOf (owner: string): string | undefined {
  return /^telegram:-?\d{1,20}:(\d{1,20})$/.exec(owner)?.[1]
}

export function botNotices (opts: BotNoticeOptions) {
  const watcher = createNoticeWatcher({
    store: createNoticeStore(join(opts.stateDir, NOTICES_FILE), opts.log),
    runner: opts.runner,
    log: opts.log,
    intervalMs: opts.intervalMs,
    deliver: async notice => {
      const chatId = chatOf(notice.owner)
      if (chatId === undefined) return false
      const sent = await opts.send(chatId, notice.text)
      // In the background, to the person's own channels too; the chat message decides whether it was delivered.
      const person = opts.notify?.personOf({ telegramUser: userOf(notice.owner) })
      if (sent && person) opts.notify!.notify('ready', { to: person, message: { title: 'Ready to watch', body: notice.text, type: 'success' } })
      return sent
    }
  })

  async function command (ctx: CommandContext<Context>, signal: AbortSignal) {
    const parsed = parseNoticeCommand(ctx.message?.text ?? '')
    if (!parsed || !ctx.from) return
    const owner = ownerOf(ctx.chat.id, ctx.from.id)
    await ctx.reply(await runNoticeCommand(watcher, opts.runner, owner, parsed.command, parsed.arg, signal))
  }

  return { watcher, command }
}
