// Texts the bot sends and Telegram's length limit: one reply is split into messages of at most 4096
// characters, at a paragraph or line break where one is near.
export const MAX_MESSAGE_CHARS = 4096

export const GREETING = 'Hi! Tell me what you want from the media stack: search for a series or movie, add it, ' +
  'check downloads, tidy up files. Destructive actions wait for your Confirm button. /new starts a fresh conversation. ' +
  'I tell you when what you asked for is ready to watch; /follow <show> tells you of its new episodes.'
export const NEW_CONVERSATION = 'Started a fresh conversation: I forgot what we said before.'
export const TEXT_ONLY = 'I understand text messages only.'
export const NO_ANSWER = 'Done (the model had nothing to add).'

export function splitMessage (text: string, limit = MAX_MESSAGE_CHARS): string[] {
  const parts: string[] = []
  let rest = text.trim()
  while (rest.length > limit) {
    let cut = rest.lastIndexOf('\n\n', limit)
    if (cut < limit / 2) cut = rest.lastIndexOf('\n', limit)
    if (cut < limit / 2) cut = rest.lastIndexOf(' ', limit)
    if (cut < limit / 2) cut = limit
    // Never split a surrogate pair (emoji and other astral characters).
    const code = rest.charCodeAt(cut - 1)
    if (code >= 0xd800 && code <= 0xdbff) cut--
    parts.push(rest.slice(0, cut).trimEnd())
    rest = rest.slice(cut).trimStart()
  }
  if (rest.length > 0) parts.push(rest)
  return parts
}

export function clip (text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
