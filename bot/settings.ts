// What the bot needs from the configuration, checked once at startup: each problem is one line that
// names the variable to fix.
import { listSetting, type Config } from '../config.js'

export interface BotSettings {
  token: string
  apiRoot: string
  /** Undefined: anyone may use the bot (warned loudly at startup). */
  allowedUsers: ReadonlySet<number> | undefined
  mcpUrl: string
  internalKey: string
  stateDir: string
}

export class BotSetupError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'BotSetupError'
  }
}

const TOKEN_SHAPE = /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/

export function botSettings (config: Config): BotSettings {
  const token = config.CHAT_BOT_TOKEN
  if (token === '') throw new BotSetupError('CHAT_BOT_TOKEN is not set: create a bot with @BotFather and put its token in CHAT_BOT_TOKEN.')
  // The token's value is never echoed, not even in this message.
  if (!TOKEN_SHAPE.test(token)) throw new BotSetupError('CHAT_BOT_TOKEN does not look like a bot token (digits, a colon, then letters): copy it again from @BotFather.')
  if (config.INTERNAL_API_KEY === '') throw new BotSetupError('INTERNAL_API_KEY is not set: the bot needs the same key as the tool server to reach it at MCP_URL.')
  if (config.LLM_PROVIDER_A_API_KEY === '' && config.LLM_PROVIDER_B_API_KEY === '') {
    throw new BotSetupError('No language model is configured: set LLM_PROVIDER_A_API_KEY or LLM_PROVIDER_B_API_KEY.')
  }
  return {
    token,
    apiRoot: config.CHAT_BOT_API_ROOT.replace(/\/+$/, ''),
    allowedUsers: parseAllowedUsers(config.ALLOWED_CHAT_USERS),
    mcpUrl: config.MCP_URL,
    internalKey: config.INTERNAL_API_KEY,
    stateDir: config.STATE_DIR
  }
}

/** A typo here must stop the bot, never quietly open it to everyone or lock everyone out. */
export function parseAllowedUsers (value: string): ReadonlySet<number> | undefined {
  const items = listSetting(value)
  if (items.length === 0) return undefined
  const ids = new Set<number>()
  for (const item of items) {
    if (!/^\d{1,16}$/.test(item)) {
      throw new BotSetupError(`ALLOWED_CHAT_USERS: "${item.slice(0, 40)}" is not a numeric user id (user names do not work; a bot such as @userinfobot tells you your id).`)
    }
    ids.add(Number(item))
  }
  return ids
}
