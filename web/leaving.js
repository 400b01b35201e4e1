// The "Leaving soon" panel: what the watched cleanup marked (everyone has watched it) and from which day each
// may be deleted (GET /api/dashboard/leaving). Titles are shown as text, never HTML; kind and year tell two
// titles of one name apart.
import { authFetch } from './auth.js'
import { byId, h, stamp } from './dom.js'

const label = m => `"${m.title}"${m.kind || m.year ? ` (${[m.kind, m.year].filter(Boolean).join(', ')})` : ''}`

export async function refreshLeaving () {
  const list = byId('leaving')
  if (!list) return
  const res = await authFetch('/api/dashboard/leaving', { headers: { accept: 'application/json' } })
  if (!res.ok) {
    let message = `The server answered HTTP ${res.status}.`
    try { message = (await res.json()).message ?? message } catch {}
    list.replaceChildren(h('li', { class: 'note warn' }, message))
    return
  }
  const { items } = await res.json()
  if (items.length === 0) { list.replaceChildren(h('li', { class: 'note' }, 'Nothing is leaving soon.')); return }
  list.replaceChildren(...items.map(m => h('li', { class: 'event', 'data-key': m.key },
    h('span', { class: 'event-name' }, label(m)),
    h('time', { datetime: m.deletableFrom, title: stamp(m.deletableFrom) }, `from ${m.deletableFrom.slice(0, 10)}`))))
}
