// The "Signed in" panel: who is signed in as whom, by client (GET /api/dashboard/signins): when each signed in and
// was last used. The owner ends one after a confirm in its row; its next call is refused and it must sign in again.
// Client names are the clients' own text: shown as text, never HTML. No token is ever part of the list.
import { authFetch } from './auth.js'
import { ago, byId, h, stamp } from './dom.js'

async function messageOf (res) {
  try { const b = await res.json(); return [b.message, b.hint].filter(Boolean).join(' ') || `HTTP ${res.status}` } catch { return `The server answered HTTP ${res.status}.` }
}

/** A confirm on screen: the periodic refresh leaves the panel alone until it is answered. */
let confirming = false

function say (text, warn = false) {
  const note = byId('signins-note')
  note.textContent = text
  note.className = warn ? 'note warn' : 'note'
}

const whoOf = (s) => `${s.person ?? 'owner'} on ${s.clientName ?? s.clientId}`

function askToEnd (row, s) {
  confirming = true
  const done = async () => {
    confirming = false
    const res = await authFetch(`/api/dashboard/signins/${encodeURIComponent(s.id)}/end`, { method: 'POST', headers: { accept: 'application/json' } })
    say(res.ok ? (await res.json()).message : await messageOf(res), !res.ok)
    await refreshSignIns()
  }
  row.replaceChildren(
    h('span', { class: 'event-name' }, `End ${whoOf(s)}${s.current ? ' (this page: it will ask you to sign in again)' : ''}? It must sign in again.`),
    h('button', { class: 'small danger', onclick: done }, 'Confirm end'),
    h('button', { class: 'small', onclick: () => { confirming = false; refreshSignIns() } }, 'Cancel'))
}

export async function refreshSignIns () {
  const list = byId('signins')
  if (!list || confirming) return
  const res = await authFetch('/api/dashboard/signins', { headers: { accept: 'application/json' } })
  if (!res.ok) { list.replaceChildren(h('li', { class: 'note warn' }, await messageOf(res))); return }
  const { signIns, you } = await res.json()
  if (signIns.length === 0) { list.replaceChildren(h('li', { class: 'note' }, 'Nobody is signed in.')); return }
  list.replaceChildren(...signIns.map(s => {
    const row = h('li', { class: 'event', 'data-signin': s.id, 'data-person': s.person ?? 'owner' })
    const sessions = s.mcpSessions > 0 ? `, ${s.mcpSessions} MCP session${s.mcpSessions === 1 ? '' : 's'}` : ''
    row.append(h('span', { class: 'event-name', title: `client ${s.clientId}; scopes ${s.scopes.join(' ')}` }, `${whoOf(s)}${s.current ? ' (this page)' : ''}`),
      h('span', { class: 'meta', title: `last used ${stamp(s.lastUsedAt)}` }, `signed in ${stamp(s.signedInAt)}, used ${ago(s.lastUsedAt)}${sessions}`),
      you.owner ? h('button', { class: 'small danger', onclick: () => askToEnd(row, s) }, 'End…') : null)
    return row
  }))
}
