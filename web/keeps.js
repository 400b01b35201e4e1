// The "Kept titles" panel: who keeps which leaving-soon title, why and since when (GET /api/dashboard/keeps).
// A person lifts their own keep; the owner overrides one only through the server's preview and its confirm
// token, which lifts exactly the keeps the preview showed. Titles and reasons are shown as text, never HTML.
import { authFetch } from './auth.js'
import { byId, h, stamp } from './dom.js'

async function messageOf (res) {
  try { const b = await res.json(); return [b.message, b.hint].filter(Boolean).join(' ') || `HTTP ${res.status}` } catch { return `The server answered HTTP ${res.status}.` }
}

/** An override preview on screen: the periodic refresh leaves the panel alone until it is answered. */
let previewing = false

const post = (url, body) => authFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })

function say (text, warn = false) {
  const note = byId('keeps-note')
  note.textContent = text
  note.className = warn ? 'note warn' : 'note'
}

/** Asks for the override preview, then shows it with Confirm / Cancel in the row. */
async function override (row, k) {
  const res = await post('/api/dashboard/keeps/override', { key: k.key })
  if (!res.ok) return say(await messageOf(res), true)
  const preview = await res.json()
  previewing = true
  const confirm = h('button', {
    class: 'small danger',
    onclick: async () => {
      previewing = false
      const done = await post('/api/dashboard/keeps/override', { key: k.key, confirmToken: preview.confirmToken })
      say(done.ok ? (await done.json()).message : await messageOf(done), !done.ok)
      await refreshKeeps()
    }
  }, 'Confirm override')
  row.replaceChildren(h('span', { class: 'event-name' }, preview.message), confirm, h('button', { class: 'small', onclick: () => { previewing = false; refreshKeeps() } }, 'Cancel'))
}

async function lift (k) {
  const res = await post('/api/dashboard/keeps/lift', { key: k.key })
  say(res.ok ? (await res.json()).message : await messageOf(res), !res.ok)
  await refreshKeeps()
}

export async function refreshKeeps () {
  const list = byId('keeps')
  if (!list || previewing) return
  const res = await authFetch('/api/dashboard/keeps', { headers: { accept: 'application/json' } })
  if (!res.ok) { list.replaceChildren(h('li', { class: 'note warn' }, await messageOf(res))); return }
  const { keeps, you } = await res.json()
  if (keeps.length === 0) { list.replaceChildren(h('li', { class: 'note' }, 'Nobody keeps a leaving-soon title.')); return }
  list.replaceChildren(...keeps.map(k => {
    const row = h('li', { class: 'event', 'data-key': k.key, 'data-person': k.person })
    row.append(h('span', { class: 'event-name' }, `"${k.title}" kept by ${k.person}${k.why ? ` (${k.why})` : ''}`),
      h('time', { datetime: k.at, title: stamp(k.at) }, `since ${k.at.slice(0, 10)}`),
      k.person === you.person ? h('button', { class: 'small', onclick: () => lift(k) }, 'Lift my keep') : null,
      you.owner ? h('button', { class: 'small danger', onclick: () => override(row, k) }, 'Override…') : null)
    return row
  }))
}
