// "It's ready" notices in the chat panel: the signed-in person's unread notices (GET /api/notices) are shown
// when the page opens and checked again every minute while it is visible; each one shown is marked read, so
// it appears once. /follow, /unfollow and /following typed in the chat go to /api/notices/command.
/* global document */
import { authFetch } from './auth.js'
import { h, stamp } from './dom.js'

const EVERY_MS = 60_000
const COMMAND = /^\/(follow|unfollow|following)(\s|$)/i

export const isNoticeCommand = (text) => COMMAND.test(text)

/** Runs a notice command and shows its answer as the assistant's. */
export async function runNoticeCommand (text, append) {
  try {
    const res = await authFetch('/api/notices/command', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) })
    const body = await res.json().catch(() => ({}))
    if (!res.ok) { append(h('div', { class: 'msg error', role: 'alert' }, [body.message ?? `HTTP ${res.status}`, body.hint].filter(Boolean).join(' '))); return }
    append(h('div', { class: 'msg assistant' }, body.reply))
  } catch (err) {
    append(h('div', { class: 'msg error', role: 'alert' }, `Could not reach the server: ${err.message}`))
  }
}

async function showUnread (append) {
  const res = await authFetch('/api/notices')
  if (!res.ok) return
  const { notices } = await res.json()
  if (notices.length === 0) return
  for (const n of notices) append(h('div', { class: 'msg notice', role: 'status' }, n.text, h('span', { class: 'meta' }, ` ${stamp(n.at)}`)))
  await authFetch('/api/notices/read', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids: notices.map(n => n.id) }) })
}

export function startNotices (append) {
  const check = () => { if (document.visibilityState === 'visible') showUnread(append).catch(() => {}) }
  check()
  setInterval(check, EVERY_MS)
  document.addEventListener('visibilitychange', check)
}
