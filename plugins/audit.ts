// The audit trail (lib/audit): app.audit is the store and the redactor; the tool registry wraps its calls
// with it (plugins/tool-registry.ts), setup and the dashboard actions record theirs. The database lives at
// STATE_DIR/audit.sqlite. A database that cannot be opened does not stop the server: reads go on, and every
// write is refused with the reason until the file can be written again.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { join } from 'node:path'
import { SECRET_KEYS } from '../config.js'
import { instanceSecrets } from '../clients/instances.js'
import { createRedactor, type Redactor } from '../lib/audit/redact.js'
import { AUDIT_FILE, createAuditStore, type AuditStore } from '../lib/audit/store.js'
import { damageText } from '../lib/audit/integrity.js'

export interface AuditPluginOptions {
  /** Default 90 days. */
  retentionDays?: number
  /** Default 100,000 entries. */
  maxRows?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: {
      store: AuditStore
      redact: Redactor
      /** What is wrong with the audit log that a person should know (damage set aside at start), for /health. */
      warnings: () => string[]
      /** Adds a warning about another of the server's own state files (one set aside as unreadable), for /health. */
      warn: (text: string) => void
    }
  }
}

export default fp<AuditPluginOptions>(async function auditPlugin (app: FastifyInstance, opts) {
  const store = createAuditStore({ file: join(app.config.STATE_DIR, AUDIT_FILE), retentionDays: opts.retentionDays, maxRows: opts.maxRows })
  const secrets = [...SECRET_KEYS.map(k => app.config[k]).filter((v): v is string => typeof v === 'string'), ...instanceSecrets(app.config)]
  try {
    store.open()
  } catch (err) {
    app.log.error({ err: (err as Error).message }, 'audit log unavailable: writes are refused until it can be written')
  }
  const damage = store.damage()
  if (damage) app.log.warn({ file: store.file, setAside: damage.setAside, replaced: damage.replaced }, damageText(damage))
  const noted: string[] = []
  const warn = (text: string) => { if (!noted.includes(text)) noted.push(text); if (noted.length > 20) noted.shift() }
  app.decorate('audit', { store, redact: createRedactor(secrets), warn, warnings: () => { const d = store.damage(); return [...d ? [damageText(d)] : [], ...noted] } })
  app.addHook('onClose', async () => store.close())
}, { name: 'audit', dependencies: ['config'] })
