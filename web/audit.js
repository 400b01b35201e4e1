// The "Who did what" panel: the newest changes from GET /api/dashboard/audit (the server's audit trail).
// Arguments were redacted on the server; they are shown as text, never as HTML.
import { authFetch } from './auth.js'
import { ago, byId, h, stamp } from './dom.js'

const SHOWN = 12
/** Only a failure is red; a person's "no" is an answer, a refusal (nothing ran) a warning. */
const SEVERITY = { ok: 'information', declined: 'information', pending: 'information', refused: 'warning', interrupted: 'warning', error: 'error' }

export async function refreshAudit () {
  const list = byId('audit')
  const res = await authFetch(`/api/dashboard/audit?limit=${SHOWN}`, { headers: { accept: 'application/json' } })
  if (!res.ok) {
    let message = `The server answered HTTP ${res.status}.`
    try { message = (await res.json()).message ?? message } catch { /* keep the status */ }
    list.replaceChildren(h('li', { class: 'note warn' }, message))
    return
  }
  const { items } = await res.json()
  if (items.length === 0) { list.replaceChildren(h('li', { class: 'note' }, 'No changes recorded yet.')); return }
  list.replaceChildren(...items.map(e => h('li', { class: `event sev-${SEVERITY[e.outcome] ?? 'warning'}`, 'data-outcome': e.outcome },
    h('span', { class: 'event-name', title: JSON.stringify(e.arguments) }, `${e.who}: ${e.summary}${e.error ? ` (${e.error})` : ''}`),
    h('time', { datetime: e.at, title: stamp(e.at) }, ago(e.at)))))
}
