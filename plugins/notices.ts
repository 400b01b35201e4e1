// "It's ready" notices for the web chat (lib/notices): app.notices records what each signed-in credential
// asks for in the chat, checks it through the tool registry on an interval, and keeps each credential's
// notices in STATE_DIR/web-notices.json until that credential reads them (routes/api/notices.ts). The web chat is
// the owner's (REQUESTS_USERS says the same): the person NOTIFY_PEOPLE names `owner` hears each notice on their
// channels too, as the bot's users do. What a person other than the owner asked for or follows is named to them only
// when their own media-server user may see it (lib/people/notice-limits.ts).
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../core/principal.js'
import { registryRunner } from '../lib/chat/registry-runner.js'
import { createNoticeStore } from '../lib/notices/store.js'
import { createNoticeWatcher, type NoticeWatcher } from '../lib/notices/watcher.js'
import { noticeTitle } from '../lib/notices/types.js'
import { noticeLimits } from '../lib/people/notice-limits.js'

export const WEB_NOTICES_FILE = 'web-notices.json'

export interface NoticesPluginOptions {
  /** Time between checks (default 5 minutes). */
  intervalMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    notices: NoticeWatcher
  }
}

export default fp<NoticesPluginOptions>(async function noticesPlugin (app: FastifyInstance, opts) {
  const log = app.log.child({ plugin: 'notices' })
  // The checks only read (library views, history, the media server): they run as the internal principal.
  const watcher = createNoticeWatcher({
    store: createNoticeStore(join(app.config.STATE_DIR, WEB_NOTICES_FILE), log),
    runner: registryRunner(app.tools, INTERNAL_PRINCIPAL),
    log,
    intervalMs: opts.intervalMs,
    mayTell: noticeLimits(app.config.NOTIFY_PEOPLE, app.backends.mediaServer),
    decided: (_owner, text) => {
      const person = app.notify.personOf({ owner: true })
      if (person) app.notify.notify('ready', { to: person, message: { title: noticeTitle(text), body: text, type: text.startsWith('🚫') ? 'warning' : 'success' } })
    }
  })
  app.decorate('notices', watcher)
  // An unreadable state file must not keep the server down: notices pause, and the log says what to fix.
  app.addHook('onReady', async () => {
    await watcher.start().catch(err => log.error({ err: (err as Error).message }, 'notices paused: their state file cannot be read'))
  })
  app.addHook('onClose', async () => { await watcher.stop() })
}, { name: 'notices', dependencies: ['config', 'backends', 'tool-registry', 'notify'] })
