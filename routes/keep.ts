// The one-tap "keep" page of a leaving-soon notice: /keep/<token>, the token bound to one person and one title
// (lib/library/keeps.ts). Opening the link only shows the title and a Keep button (link previews and scanners
// open links too: a GET never keeps); the button posts back here, and the same page lifts that person's keep.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { keepStore } from '../domains/maintenance/watched-keeps.js'
import { escapeHtml } from '../plugins/oauth/pages.js'
import { addFormParser } from '../plugins/oauth/form.js'
import { recordAction } from '../lib/audit/action.js'
import { AuditUnavailableError } from '../lib/audit/store.js'
import type { KeepLink } from '../lib/library/keeps.js'

const STYLE = ':root{color-scheme:dark;font:15px/1.45 system-ui,sans-serif}body{margin:0;background:#0f1117;color:#e8eaf0}' +
  'main{max-width:32rem;margin:3rem auto;padding:1.25rem 1.4rem;background:#181b24;border:1px solid #2b3040;border-radius:12px}' +
  'input,button{font:inherit;color:inherit}input{width:100%;box-sizing:border-box;padding:.5rem .7rem;background:#1f2330;border:1px solid #2b3040;border-radius:8px;margin:.4rem 0 .8rem}' +
  'button{cursor:pointer;border:0;border-radius:8px;padding:.5rem 1rem;background:#8b80ff;color:#0d0b26;font-weight:600}p.note{color:#a3a9ba;font-size:.9rem}'

function send (reply: FastifyReply, status: number, title: string, body: string) {
  return reply.code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`)
}

const GONE = 'This keep link is unknown or has expired. Ask the assistant for the cleanup preview, or ask an owner to keep the title for you.'

export default async function keepRoutes (app: FastifyInstance) {
  addFormParser(app)
  const store = () => keepStore(app.config.STATE_DIR)
  /** A keep or lift from the link is recorded in the audit trail first, as every change is; the link's person is who acted. */
  const audited = <T>(link: KeepLink, action: 'keep' | 'lift', why: string, act: () => Promise<T>) => recordAction(app.audit.store,
    { source: 'notice', action: `keep.${action}`, principal: { id: 'keep-link', kind: 'link', clientId: 'keep-page', actor: `person:${link.person}` }, args: app.audit.redact({ key: link.key, why }), targets: [`${link.title} (for ${link.person})`] },
    act, () => ({ outcome: 'ok' }))
  const unrecorded = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof AuditUnavailableError)) throw err
    return send(reply, 503, 'Not done', '<p>Nothing was changed: every change is recorded in the audit log first, and it cannot be written now. Try again later.</p>')
  }

  app.get<{ Params: { token: string } }>('/keep/:token', async (request, reply) => {
    const link = await store().linkFor(request.params.token)
    if (!link) return send(reply, 404, 'Link expired', `<p>${escapeHtml(GONE)}</p>`)
    const mine = ((await store().byKey()).get(link.key) ?? []).find(k => k.person === link.person)
    const title = escapeHtml(link.title)
    if (mine) {
      return send(reply, 200, `You keep "${link.title}"`, `<p>You (${escapeHtml(link.person)}) keep <strong>${title}</strong> since ${mine.at.slice(0, 10)}; the cleanup leaves it alone until you lift your keep.</p>` +
        '<form method="post"><input type="hidden" name="action" value="lift"><button>Lift my keep</button></form>')
    }
    return send(reply, 200, `Keep "${link.title}"?`, `<p><strong>${title}</strong> is leaving the library soon because everyone has watched it. Keep it for ${escapeHtml(link.person)}?</p>` +
      '<form method="post"><input type="hidden" name="action" value="keep"><label>Why (optional)<input name="why" maxlength="300" placeholder="e.g. rewatching it at Christmas"></label><button>Keep</button></form>' +
      '<p class="note">It stays until you lift your keep here, or an owner overrides it.</p>')
  })

  app.post<{ Params: { token: string }, Body: Record<string, unknown> }>('/keep/:token', async (request, reply) => {
    const link = await store().linkFor(request.params.token)
    if (!link) return send(reply, 404, 'Link expired', `<p>${escapeHtml(GONE)}</p>`)
    const action = request.body?.action
    const why = typeof request.body?.why === 'string' ? request.body.why.trim() : ''
    if (action === 'keep') {
      let r: 'added' | 'already'
      try {
        r = await audited(link, 'keep', why, () => store().keep({ key: link.key, title: link.title, person: link.person, why }))
      } catch (err) { return unrecorded(reply, err) }
      request.log.info({ person: link.person, key: link.key, result: r }, 'a person keeps a leaving-soon title')
      return send(reply, 200, 'Kept', `<p><strong>${escapeHtml(link.title)}</strong> stays${r === 'already' ? ' (you already kept it)' : ''}. Open this link again to lift your keep.</p>`)
    }
    if (action === 'lift') {
      let lifted: boolean
      try {
        lifted = await audited(link, 'lift', '', () => store().lift(link.person, link.key))
      } catch (err) { return unrecorded(reply, err) }
      return send(reply, 200, lifted ? 'Keep lifted' : 'Nothing to lift', `<p>${lifted ? `Your keep of <strong>${escapeHtml(link.title)}</strong> is lifted; it may leave once nobody else keeps it.` : 'You had no keep on this title.'}</p>`)
    }
    return send(reply, 400, 'Unknown action', '<p>The form sent neither keep nor lift. Open the link again and press its button.</p>')
  })
}
