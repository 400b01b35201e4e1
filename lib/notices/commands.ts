// The person's own words for notices, the same in the bot and the web chat:
//   /follow <show title or series id>    tell me when new episodes are ready
//   /unfollow <show title or series id>  stop
//   /following                           what I follow and what I am waiting for
// A show is found with series_status (a title must name one series in the library; ambiguity is refused
// with the choices by the tool itself).
import type { ToolRunner } from '../chat/types.js'
import { NOTICE_LIMITS } from './store.js'
import { quotedLine, targetLabel } from './types.js'
import type { NoticeWatcher } from './watcher.js'

export const NOTICE_COMMANDS = ['follow', 'unfollow', 'following'] as const
export type NoticeCommand = typeof NOTICE_COMMANDS[number]

export const NOTICE_HELP = 'Send /follow <show> to hear of its new episodes, /unfollow <show> to stop, /following to see what you follow and wait for.'

/** Splits "/follow Severance" into its command and argument; undefined when the text is not a notice command. */
export function parseNoticeCommand (text: string): { command: NoticeCommand, arg: string } | undefined {
  const m = /^\/(follow|unfollow|following)(?:@\w+)?(?:\s+([\s\S]*))?$/i.exec(text.trim())
  if (!m) return undefined
  return { command: m[1].toLowerCase() as NoticeCommand, arg: (m[2] ?? '').trim() }
}

/** `person`: a person other than the owner, whose follow is judged by their own media-server user (watcher.ts mayTell). */
export async function runNoticeCommand (watcher: NoticeWatcher, runner: ToolRunner, owner: string, command: NoticeCommand, arg: string, signal: AbortSignal, person?: string): Promise<string> {
  const store = watcher.store
  if (command === 'following') {
    const follows = store.follows(owner).map(f => `• ${quotedLine(f.title)}`)
    const waiting = store.openRequests(owner).map(r => `• ${targetLabel(r.target)}`)
    if (follows.length + waiting.length === 0) return `You follow no shows and wait for nothing. ${NOTICE_HELP}`
    return [
      follows.length > 0 ? `You follow:\n${follows.join('\n')}` : 'You follow no shows.',
      waiting.length > 0 ? `I will tell you when these are ready to watch:\n${waiting.join('\n')}` : ''
    ].filter(Boolean).join('\n\n')
  }
  if (arg === '' || arg.length > 200) return `Name the show (a title or its series id), e.g. /${command} Severance.`
  const args = /^\d{1,10}$/.test(arg) ? { view: 'series', id: Number(arg), limit: 1 } : { view: 'series', term: arg, limit: 1 }
  const r = await runner.call('series_status', args, signal, owner)
  const series = r.structured?.series as { seriesId?: number, title?: string } | undefined
  // With several series managers, the answer names the one holding the show: the follow stays with it.
  const instance = typeof r.structured?.instance === 'string' ? r.structured.instance : undefined
  if (r.isError || typeof series?.seriesId !== 'number') {
    return `I could not find that show in the library: ${r.text.slice(0, 500)}${command === 'follow' ? ' Add it first (ask me to find it), then follow it.' : ''}`
  }
  const title = quotedLine(series.title ?? '')
  if (command === 'unfollow') {
    return await store.unfollow(owner, series.seriesId, instance)
      ? `You no longer follow ${title}.`
      : `You were not following ${title}.`
  }
  switch (await store.follow(owner, series.seriesId, series.title ?? '', watcher.now(), instance, person)) {
    case 'added': return `🔔 You follow ${title}: I will tell you when a new episode is ready to watch.`
    case 'already': return `You already follow ${title}.`
    case 'full': return `You follow ${NOTICE_LIMITS.follows} shows already, the most I keep: /unfollow one first.`
  }
}
