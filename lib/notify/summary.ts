// A flood told as one notice: the notices of one event waiting for the same channel are sent together, the first
// few in full and a count for the rest, instead of hundreds of messages (and a cap that drops the tail). A notice
// with its own action (a person's keep link) is never folded into another: each link is that person's.
import type { Message } from '../../core/notify/types.js'

/** Notices shown in full in a summary; the rest are counted. */
export const SHOWN = 5
const MAX_LINE = 300
const SEVERITY = ['success', 'info', 'warning', 'failure'] as const

export const foldable = (m: Message) => !m.action

const clip = (s: string) => {
  const one = s.replace(/\s*[\r\n]+\s*/g, ' ')
  return one.length > MAX_LINE ? `${one.slice(0, MAX_LINE - 1)}…` : one
}

export function summaryOf (messages: Message[]): Message {
  if (messages.length === 1) return messages[0]!
  const titles = new Set(messages.map(m => m.title))
  const title = titles.size === 1 ? `${messages[0]!.title} (${messages.length})` : `${messages.length} notices`
  const lines = messages.slice(0, SHOWN).map(m => `• ${titles.size === 1 ? '' : `${clip(m.title)}: `}${clip(m.body)}`)
  const rest = messages.length - SHOWN
  if (rest > 0) lines.push(`…and ${rest} more like these, sent together so your channel is not flooded; ask the assistant to see them all.`)
  const type = messages.map(m => m.type ?? 'info').reduce((a, b) => SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a)
  return { title, body: lines.join('\n'), type }
}
