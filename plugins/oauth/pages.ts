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

// The dashboard's look (web/style.css: its colours, font and card), inline because the CSP lets these pages
// load nothing: a person signing in moves between the two without a white page in between.
const STYLE = [
  ':root{color-scheme:dark;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'body{margin:0;background:#0f1117;color:#e8eaf0}',
  'main{max-width:32rem;margin:3rem auto;padding:1.25rem 1.4rem;background:#181b24;border:1px solid #2b3040;border-radius:12px}',
  '@media (max-width:480px){main{margin:1rem .75rem}}',
  'h1{font-size:1.25rem;font-weight:650;margin:0 0 1rem}',
  'code{font-family:ui-monospace,monospace;background:#1f2330;color:#c9c4ff;padding:0 .25rem;border-radius:4px;overflow-wrap:anywhere}',
  'strong{overflow-wrap:anywhere}ul{padding-left:1.2rem}p.note{color:#a3a9ba;font-size:.9rem}',
  '.err{color:#ff6b6b}',
  'label{display:grid;gap:.35rem;margin:.5rem 0 .75rem}',
  'input,button{font:inherit;color:inherit}',
  'input{padding:.5rem .7rem;background:#1f2330;border:1px solid #2b3040;border-radius:8px}',
  'button{cursor:pointer;border:1px solid transparent;border-radius:8px;padding:.45rem .9rem;background:#8b80ff;color:#0d0b26;font-weight:600}',
  ':focus-visible{outline:2px solid #8b80ff;outline-offset:2px}'
].join('')

function page (title: string, body: string) {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<meta name="color-scheme" content="dark"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
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
  /** Who may sign in (NOTIFY_PEOPLE); empty: the question is not asked. */
  people: Array<{ name: string, owner: boolean, readOnly: boolean }>
  /** The passphrase field (set, and this browser has not approved this client before). */
  askPassphrase: boolean
  /** This browser approved the client before: the passphrase is asked only of whoever signs in as the owner. */
  ownerPassphrase?: boolean
}

/** Who is signing in: one choice per person; what each may do is said beside the name. */
function peopleField (people: ApprovalView['people']): string {
  if (people.length === 0) return ''
  const what = (p: ApprovalView['people'][number]) => p.owner ? 'the owner: every tool' : p.readOnly ? 'looks only: read-only tools' : 'their own requests, keeps and notices; nothing is deleted'
  const options = people.map(p => `<label style="display:flex;gap:.5rem;align-items:center;margin:.2rem 0"><input type="radio" name="person" value="${escapeHtml(p.name)}" required> <strong>${escapeHtml(p.name)}</strong> <span class="note">(${what(p)})</span></label>`).join('')
  return `<fieldset style="border:0;padding:0;margin:0 0 .75rem"><legend>Who is signing in?</legend>${options}</fieldset>`
}

function passphraseField (view: ApprovalView): string {
  if (view.askPassphrase) return '<label>Approval passphrase <input type="password" name="passphrase" autocomplete="current-password" required autofocus></label>'
  if (view.ownerPassphrase) return '<label>Approval passphrase (only to sign in as the owner) <input type="password" name="passphrase" autocomplete="current-password"></label>'
  return ''
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
${peopleField(view.people)}${passphraseField(view)}
<button type="submit">${view.people.length > 0 ? 'Sign in' : 'Approve'}</button>
</form>
<p class="note">Only approve applications you started yourself. Approval is remembered for this application.</p>`))
}
