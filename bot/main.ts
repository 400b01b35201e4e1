// The chat bot process: load config, check the bot's settings, start long polling, stop gracefully.
import closeWithGrace from 'close-with-grace'
import { GrammyError } from 'grammy'
import { ConfigError, SECRET_KEYS, loadConfig, type Config } from '../config.js'
import { createMcpRunner } from '../lib/chat/mcp-runner.js'
import { providersFromConfig } from '../lib/chat/providers.js'
import { createChatBot } from './chat-bot.js'
import { createNotifier } from '../lib/notify/index.js'
import { createBotLogger } from './log.js'
import { BotSetupError, botSettings, type BotSettings } from './settings.js'

let config: Config
let settings: BotSettings
try {
  config = loadConfig()
  settings = botSettings(config)
} catch (err) {
  if (err instanceof ConfigError || err instanceof BotSetupError) {
    process.stderr.write(`${err.message}\n`)
    process.exit(78) // EX_CONFIG, as the tool server
  }
  throw err
}

const log = createBotLogger(config.LOG_LEVEL, SECRET_KEYS.map(k => String(config[k])))
const runner = createMcpRunner({ url: settings.mcpUrl, apiKey: settings.internalKey, onProblem: problem => log.warn({ problem }, 'tool server connection') })
// The household's channels (NOTIFY_URLS): "it's ready" reaches a person named in NOTIFY_PEOPLE there too.
const notify = createNotifier({ urls: config.NOTIFY_URLS, people: config.NOTIFY_PEOPLE, events: config.NOTIFY_EVENTS, log })
const chatBot = createChatBot({ settings, providers: providersFromConfig(config), runner, log, notices: { notify } })

closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'stopping after an unexpected error')
  else log.info({ signal }, 'stopping')
  await chatBot.stop()
  await notify.close()
})

try {
  await chatBot.start()
} catch (err) {
  if (err instanceof GrammyError && err.error_code === 401) log.fatal('The Bot API refused CHAT_BOT_TOKEN (401 Unauthorized): copy the token again from @BotFather.')
  else log.fatal({ err }, `Cannot reach the Bot API at ${settings.apiRoot}`)
  await chatBot.stop().catch(() => {})
  process.exit(1)
}

chatBot.polling()?.catch(async err => {
  // 409: another process polls with the same token; 401: the token was revoked.
  log.fatal({ err }, 'long polling stopped')
  await chatBot.stop().catch(() => {})
  process.exit(1)
})
