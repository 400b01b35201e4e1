// Notices where people are (lib/notify): app.notify sends an event to the channels NOTIFY_URLS and
// NOTIFY_EVENTS route it to, in the background, and records each outcome in the audit trail (source "notice",
// the channel's scheme and host only). Without NOTIFY_URLS nothing is sent and nothing is recorded.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createNotifier, type Notifier, type NotifyRecord } from '../lib/notify/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    notify: Notifier
  }
}

export default fp(async function notifyPlugin (app: FastifyInstance) {
  const log = app.log.child({ plugin: 'notify' })
  const record = (r: NotifyRecord) => {
    const id = app.audit.store.begin({
      source: 'notice',
      action: `notify.${r.event}`,
      principal: { id: 'internal', kind: 'internal', clientId: 'notify' },
      args: { to: r.to, channel: r.channel, attempts: r.attempts }
    })
    app.audit.store.finish(id, { outcome: r.ok ? 'ok' : 'error', ...(r.error ? { error: r.error } : {}) })
  }
  const notifier = createNotifier({
    urls: app.config.NOTIFY_URLS, people: app.config.NOTIFY_PEOPLE, events: app.config.NOTIFY_EVENTS, log, record
  })
  app.decorate('notify', notifier)
  app.addHook('onClose', async () => { await notifier.close() })
}, { name: 'notify', dependencies: ['config', 'audit'] })
