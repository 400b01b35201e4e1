// One turn of the chat loop for one person: runs it in the background (the polling loop keeps serving
// others), shows "typing", collects the streamed text and sends it as one reply, asks for confirmations
// with buttons, and hands started jobs to the job watcher.
import type { Api } from 'grammy'
import type { Conversation } from '../lib/chat/conversations.js'
import { answerConfirmation, sendMessage, type LoopOptions } from '../lib/chat/loop.js'
import type { ChatEvent, LlmProvider, ToolRunner, ToolRunResult } from '../lib/chat/types.js'
import type { ChatSessions } from './chat-sessions.js'
import type { Confirmations } from './confirmations.js'
import type { JobWatcher } from './job-watcher.js'
import type { NoticeWatcher } from '../lib/notices/watcher.js'
import type { BotLogger } from './log.js'
import { NO_ANSWER, clip, splitMessage } from './replies.js'

export interface TurnDeps {
  api: Api
  providers: LlmProvider[]
  runner: ToolRunner
  sessions: ChatSessions
  confirmations: Confirmations
  watcher: JobWatcher
  notices: NoticeWatcher
  log: BotLogger
  /** Aborted when the bot stops. */
  signal: AbortSignal
}

export interface Asker { chatId: number, userId: number, owner: string }

export type TurnInput =
  | { kind: 'message', text: string }
  | { kind: 'answer', confirmationId: string, approve: boolean, onOutcome: (ok: boolean, summary: string) => Promise<void> }

const TYPING_EVERY_MS = 4_500
const RESTARTED = 'I was stopped while answering. Send your message again in a moment.'
export const TOOLS_UNREACHABLE = 'I cannot reach the media tool server right now, so I did not do anything. Try again in a minute.'

export function createTurns (deps: TurnDeps) {
  const inflight = new Set<Promise<void>>()

  /** Starts a turn without waiting for it. */
  function start (asker: Asker, conv: Conversation, input: TurnInput): void {
    const run = runTurn(asker, conv, input)
      .catch(err => deps.log.error({ err, chatId: asker.chatId }, 'delivering a reply failed'))
      .finally(() => inflight.delete(run))
    inflight.add(run)
  }

  async function runTurn (asker: Asker, conv: Conversation, input: TurnInput) {
    const reply = collector()
    const emit = (e: ChatEvent) => {
      if (e.type === 'provider_fallback') deps.log.warn({ from: e.from, to: e.to, reason: e.reason }, 'language model fallback')
      reply.add(e)
    }
    const requested: string[] = []
    const onToolResult = async (name: string, result: ToolRunResult) => {
      const label = await deps.notices.record(asker.owner, name, result).catch(err => { deps.log.error({ err }, 'recording a notice request failed') })
      if (label) requested.push(label)
    }
    const opts: LoopOptions = { providers: deps.providers, runner: deps.runner, store: deps.sessions.store, signal: deps.signal, emit, onToolResult }
    const stopTyping = keepTyping(asker.chatId)
    // Without the tool list the model would answer blind: say so instead, before asking it anything.
    try {
      await deps.runner.list()
    } catch (err) {
      stopTyping()
      deps.log.warn({ err }, 'the tool server is unreachable')
      await send(asker.chatId, TOOLS_UNREACHABLE)
      return
    }
    try {
      if (input.kind === 'message') await sendMessage(conv, input.text, opts)
      else await answerConfirmation(conv, input.confirmationId, input.approve, opts)
    } finally {
      stopTyping()
    }
    if (deps.signal.aborted) { await send(asker.chatId, RESTARTED); return }

    if (input.kind === 'answer') {
      const outcome = reply.events.find(e => e.type === 'tool_end' && e.id.startsWith('confirmed_'))
      if (outcome?.type === 'tool_end') await input.onOutcome(outcome.ok, outcome.summary)
    }
    let text = reply.text.trim()
    const jobs = reply.events.flatMap(e => e.type === 'tool_end' && e.ok && e.jobId ? [{ jobId: e.jobId, tool: e.name }] : [])
    let watching = 0
    for (const job of jobs) {
      if (await deps.watcher.watch({ chatId: asker.chatId, userId: asker.userId, jobId: job.jobId, tool: job.tool, since: new Date().toISOString() })) watching++
    }
    if (watching > 0) text += `\n\n⏳ I will message you when ${watching === 1 ? 'the job finishes' : 'the jobs finish'}.`
    if (requested.length > 0) text += `\n\n🔔 I will tell you when ${requested.join(', ')} ${requested.length === 1 ? 'is' : 'are'} ready to watch.`
    for (const e of reply.events) if (e.type === 'error') text += `\n\n⚠️ ${e.message}`
    const asks = reply.events.filter(e => e.type === 'confirmation')
    text = text.trim()
    if (text === '' && asks.length === 0) text = NO_ANSWER
    for (const part of splitMessage(text)) await send(asker.chatId, part)
    for (const ask of asks) await askToConfirm(asker, conv, ask)
  }

  async function askToConfirm (asker: Asker, conv: Conversation, ask: Extract<ChatEvent, { type: 'confirmation' }>) {
    const expiresAt = Date.parse(ask.expiresAt)
    const entry = { ...asker, conversationId: conv.id, confirmationId: ask.id, tool: ask.tool, summary: clip(ask.summary, 3000), expiresAt }
    const { keyboard } = deps.confirmations.add(entry)
    const minutes = Math.max(1, Math.round((expiresAt - Date.now()) / 60_000))
    const sent = await deps.api.sendMessage(asker.chatId, `Please confirm: ${entry.summary}\n(${ask.tool}; expires in ${minutes} min)`, { reply_markup: keyboard })
    Object.assign(entry, { messageId: sent.message_id })
  }

  async function send (chatId: number, text: string) {
    await deps.api.sendMessage(chatId, text)
  }

  function keepTyping (chatId: number): () => void {
    const typing = () => { deps.api.sendChatAction(chatId, 'typing').catch(() => {}) }
    typing()
    const timer = setInterval(typing, TYPING_EVERY_MS)
    return () => clearInterval(timer)
  }

  return {
    start,
    /** Resolves when every running turn has delivered its reply. */
    idle: async () => { await Promise.allSettled([...inflight]) },
    get active () { return inflight.size }
  }
}

/** Gathers a turn's events; text from successive model rounds is kept apart by a blank line. */
function collector () {
  const events: ChatEvent[] = []
  let text = ''
  let breakBeforeText = false
  return {
    events,
    get text () { return text },
    add (e: ChatEvent) {
      events.push(e)
      if (e.type === 'text') {
        if (breakBeforeText && text.trim() !== '') text += '\n\n'
        breakBeforeText = false
        text += e.delta
      } else if (e.type === 'tool_start') {
        breakBeforeText = true
      }
    }
  }
}
