// The two HTML pages of the authorization server: an error page and the one-field approval page.
// Everything interpolated is escaped; the pages cannot be framed (clickjacking) and load nothing.
import type { FastifyReply } from 'fastify'

export function escapeHtml (s: string): string {
  return s.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)
}

function securityHeaders (reply: FastifyReply, formTarget?: string) {
  // form-action must allow the redirect that follows the form post (browsers apply it to redirects).
  const formAction = formTarget ? `'self' ${formTarget}` : "'self'"
  // A page with a form must keep its origin: under no-referrer a browser posts the form with
  // `Origin: null` (Fetch standard, "serializing a request origin") and the origin guard refuses it.
  // same-origin still sends no Referer off this server, so the redirect target never sees the
  // authorization request's URL.
  const referrerPolicy = formTarget ? 'same-origin' : 'no-referrer'
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', referrerPolicy)
    .header('cache-control', 'no-store')
}

const STYLE = 'body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}' +
  'code{background:#eee;padding:0 .2rem}.err{color:#b00020}input,button{font:inherit;padding:.4rem}'

function page (title: string, body: string) {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

export function renderErrorPage (reply: FastifyReply, message: string) {
  securityHeaders(reply)
  return reply.send(page('Authorization failed', `<p class="err">${escapeHtml(message)}</p><p>Nothing was sent to the application. Start the sign-in again from the application.</p>`))
}

export interface ApprovalView {
  requestId: string
  clientName: string
  clientId: string
  redirectHost: string
  scopes: string[]
  /** CSP source for the redirect target, e.g. https://app.example or vscode: */
  formTarget: string
  error?: string
}

export function renderApprovalPage (reply: FastifyReply, view: ApprovalView) {
  securityHeaders(reply, view.formTarget)
  const scopes = view.scopes.map(s => `<li><code>${escapeHtml(s)}</code>${s === 'setup' ? ' (first-run setup: can change backend settings)' : ' (use the media tools)'}</li>`).join('')
  return reply.send(page('Approve access', `
<p><strong>${escapeHtml(view.clientName)}</strong> (<code>${escapeHtml(view.clientId)}</code>) asks for access to this media server.</p>
<p>After approval you will be sent to <strong>${escapeHtml(view.redirectHost)}</strong>.</p>
<ul>${scopes}</ul>
${view.error ? `<p class="err">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="authorize">
<input type="hidden" name="request_id" value="${escapeHtml(view.requestId)}">
<label>Approval passphrase <input type="password" name="passphrase" autocomplete="current-password" required autofocus></label>
<button type="submit">Approve</button>
</form>
<p>Only approve applications you started yourself. Approval is remembered for this application.</p>`))
}
