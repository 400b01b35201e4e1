// The bot's logger. Bot API URLs carry the bot token (/bot<token>/method) and network errors quote their
// URL, so every log argument is scrubbed of the secrets before pino sees it.
import pino, { type DestinationStream, type Logger } from 'pino'

export type BotLogger = Logger

export function createBotLogger (level: string, secrets: string[], destination?: DestinationStream): BotLogger {
  const scrub = scrubber(secrets)
  return pino({
    level,
    base: { service: 'bot' },
    hooks: {
      logMethod (args, method) {
        method.apply(this, args.map(scrub) as Parameters<typeof method>)
      }
    }
  }, destination)
}

/** Turns any value into loggable data with every secret replaced; errors keep name, message, code and cause. */
export function scrubber (secrets: string[]): (value: unknown) => unknown {
  const hidden = secrets.filter(s => s.length >= 8)
  const text = (s: string) => hidden.reduce((acc, secret) => acc.split(secret).join('[redacted]'), s)
  const plain = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return text(value)
    if (value === null || typeof value !== 'object' || depth > 6) return value
    if (value instanceof Error) {
      const out: Record<string, unknown> = { type: value.name, message: text(value.message) }
      const { code, status, error_code: errorCode, description } = value as unknown as Record<string, unknown>
      if (code !== undefined) out.code = code
      if (status !== undefined) out.status = status
      if (errorCode !== undefined) out.error_code = errorCode
      if (typeof description === 'string') out.description = text(description)
      if (depth === 0 && value.stack) out.stack = text(value.stack)
      // grammY's HttpError keeps the network error (whose message quotes the URL) in `error`.
      const inner = (value as { error?: unknown }).error ?? value.cause
      if (inner !== undefined) out.cause = plain(inner, depth + 1)
      return out
    }
    if (Array.isArray(value)) return value.map(v => plain(v, depth + 1))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v, depth + 1)]))
  }
  return value => plain(value, 0)
}
