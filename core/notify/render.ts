// The one place a notice becomes a channel's text. Names in notices come from release groups, indexers, Usenet
// posters, media managers and signing-in clients, and each channel reads some characters as markup: a release
// title with `[Info](https://…)` is a masked link in Discord, a Usenet job name with a line break and `# …` a
// heading. Two steps keep such text inert:
//  1. a builder puts an untrusted string into a notice only through noticeName (quoted, its quotes escaped, its
//     line breaks and invisible characters folded away) or noticeText (the same, unquoted, for a reason or a state);
//  2. the transport asks renderNotice(channel, message) for the text it sends, which escapes that channel's markup.
// Channel facts (each service's own documentation: Discord's webhook and markdown pages, the Telegram Bot API's formatting
// options, ntfy's publish docs, Gotify's message extras, Apprise's notify format):
// - Discord webhook `content` is always markdown (masked links, `#`/`-#` headings, `>` quotes, lists, code):
//   every markup character is escaped with a backslash, which Discord shows as the character itself.
// - Telegram sendMessage without parse_mode is plain text; ntfy renders markdown only when the publish asks for it
//   (`Markdown: yes` / `"markdown": true`); Gotify only with the `client::display` extra; a json webhook is data.
//   We never ask for markup there, so the text goes as it is.
// - Apprise passes a text body as it is to services whose format is markdown (apprise 1.2 conversion.py
//   convert_between has no TEXT→MARKDOWN step) and escapes it for HTML ones: links and line-start markup are
//   broken with an invisible zero-width space, which plain-text services show as nothing.
import type { Message } from './types.js'
import { quoted, untrusted } from '../untrusted-text.js'

export type NoticeChannel = 'discord' | 'telegram' | 'ntfy' | 'gotify' | 'json' | 'apprise'

/** An untrusted name (title, job or release name, client name, keep reason) as it appears in a notice: quoted. */
export function noticeName (text: string | null | undefined, max = 120): string {
  return quoted(text, max)
}

/** An untrusted phrase (a backend's reason, a state) as it appears in a notice: one line, unquoted. */
export function noticeText (text: string | null | undefined, max = 300): string {
  return untrusted(text, max)
}

/** Discord's markdown characters (and `:` for emoji, `@` for mentions); a backslash before each shows it as is. */
const DISCORD_MARKUP = /[\\*_~`|<>#\-+=[\](){}!.:@"]/g
const ZWSP = '\u200b'

export function escapeDiscord (text: string): string {
  return text.replace(DISCORD_MARKUP, c => `\\${c}`)
}

/** For Apprise's markdown services: masked links, angle-bracket links and line-start markup no longer parse. */
export function defuseMarkdown (text: string): string {
  return text
    .replace(/\]\s*\(/g, m => `]${ZWSP}${m.slice(1)}`)
    .replace(/<(?=[a-z][a-z0-9+.-]*:|[@#!])/gi, `<${ZWSP}`)
    .replace(/^(\s*)([#>*+-]|\d+[.)])/gm, `$1${ZWSP}$2`)
}

export interface RenderedNotice {
  title: string
  /** The body with the action as a line of text, except where the channel carries it as a button. */
  body: string
}

/** Where the action is a button (ntfy's X-Actions, Telegram's inline keyboard), not a line of the body. */
const BUTTON_CHANNELS: ReadonlySet<NoticeChannel> = new Set(['ntfy', 'telegram'])

/** The title and body a channel sends. The action's URL is ours (a keep link), never escaped or broken. */
export function renderNotice (channel: NoticeChannel, m: Message): RenderedNotice {
  const title = m.title.replace(/[\r\n]+/g, ' ')
  const action = m.action && !BUTTON_CHANNELS.has(channel) ? m.action : undefined
  switch (channel) {
    case 'discord':
      return { title: escapeDiscord(title), body: escapeDiscord(m.body) + (action ? `\n${escapeDiscord(action.label)}: <${action.url}>` : '') }
    case 'apprise':
      return { title: defuseMarkdown(title), body: defuseMarkdown(m.body) + (action ? `\n${action.label}: ${action.url}` : '') }
    default:
      return { title, body: m.body + (action ? `\n${action.label}: ${action.url}` : '') }
  }
}
