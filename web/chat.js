// The chat panel: sends the message to /api/chat and renders the streamed reply: text as it arrives,
// tool activity as small status lines, and confirmation requests as Confirm / Cancel buttons that
// answer through /api/chat/confirm. Only the person's click confirms; the model never can. "It's ready"
// notices and /follow commands: web/notices.js.
import { authFetch } from './auth.js'
import { byId, h } from './dom.js'
import { readEvents } from './sse.js'
import { isNoticeCommand, runNoticeCommand, startNotices } from './notices.js'

let conversationId = sessionStorage.getItem('mediastack.dashboard.conversation') ?? undefined
let busy = false

function log () { return byId('chat-log') }

function append (el) {
  const box = log()
  box.querySelector('.hint')?.remove()
  box.append(el)
  box.scrollTop = box.scrollHeight
  return el
}

function setBusy (value) {
  busy = value
  byId('chat-send').disabled = value
  byId('chat-log').setAttribute('aria-busy', String(value))
}

/** Streams one reply (a message or a confirmation answer) into the log. */
async function stream (url, body) {
  setBusy(true)
  let bubble = null
  const text = (delta) => {
    bubble ??= append(h('div', { class: 'msg assistant' }))
    bubble.textContent += delta
    log().scrollTop = log().scrollHeight
  }
  const tools = new Map()
  try {
    const res = await authFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(body) })
    if (!res.ok) {
      const b = await res.json().catch(() => ({}))
      if (b.error === 'unknown_conversation') { conversationId = undefined; sessionStorage.removeItem('mediastack.dashboard.conversation') }
      append(h('div', { class: 'msg error', role: 'alert' }, [b.message ?? `HTTP ${res.status}`, b.hint].filter(Boolean).join(' ')))
      return
    }
    await readEvents(res.body, (name, e) => {
      switch (name) {
        case 'conversation':
        case 'done':
          conversationId = e.conversationId
          sessionStorage.setItem('mediastack.dashboard.conversation', conversationId)
          break
        case 'text': text(e.delta); break
        case 'tool_start':
          bubble = null
          tools.set(e.id, append(h('div', { class: 'tool running' }, h('span', { class: 'tool-name' }, e.name), ' running…')))
          break
        case 'tool_end': {
          const line = tools.get(e.id) ?? append(h('div', { class: 'tool' }))
          line.className = `tool ${e.ok ? 'ok' : 'failed'}`
          line.replaceChildren(h('span', { class: 'tool-name' }, e.name), ` ${e.ok ? '✓' : '✗'} ${e.summary}`)
          bubble = null
          break
        }
        case 'confirmation': bubble = null; append(confirmation(e)); break
        case 'provider_fallback': append(h('div', { class: 'tool' }, `${e.from} failed (${e.reason}); trying ${e.to}.`)); break
        case 'error': append(h('div', { class: 'msg error', role: 'alert' }, e.message)); break
        case 'shutdown': append(h('div', { class: 'msg error', role: 'alert' }, e.reason)); break
      }
    })
  } catch (err) {
    append(h('div', { class: 'msg error', role: 'alert' }, `The reply was interrupted: ${err.message}`))
  } finally {
    setBusy(false)
  }
}

function confirmation (e) {
  const targets = Array.isArray(e.targets) ? e.targets : []
  const card = h('div', { class: 'confirm', role: 'group', 'aria-label': `Confirm ${e.tool}` },
    h('p', { class: 'confirm-title' }, 'Confirmation needed'),
    h('p', {}, e.summary),
    targets.length > 0 && h('ul', { class: 'targets' }, targets.slice(0, 10).map(t => h('li', {}, typeof t === 'string' ? t : JSON.stringify(t)))),
    targets.length > 10 && h('p', { class: 'meta' }, `…and ${targets.length - 10} more`))
  const answer = (approve) => async () => {
    for (const b of card.querySelectorAll('button')) b.disabled = true
    card.append(h('p', { class: 'meta' }, approve ? 'Confirmed.' : 'Declined.'))
    await stream('/api/chat/confirm', { conversationId, confirmationId: e.id, approve })
  }
  card.append(h('div', { class: 'actions' },
    h('button', { type: 'button', class: 'danger', onclick: answer(true) }, 'Confirm'),
    h('button', { type: 'button', class: 'ghost', onclick: answer(false) }, 'Cancel')))
  return card
}

const SUGGESTION = 'Ask about your media: “what is playing?”, “add the new season of Severance”, “how full is the disk?”. I tell you here when what you asked for is ready; /follow Severance tells you of its new episodes.'

/**
 * The line above an empty chat: suggested questions only when a language model is configured; without
 * one, a plain note saying so and what to set, since a suggested question could only end in an error.
 */
async function showHint () {
  const hint = byId('chat-hint')
  if (!hint) return
  let status
  try {
    const res = await authFetch('/api/chat/status', { headers: { accept: 'application/json' } })
    status = res.ok ? await res.json() : undefined
  } catch { /* unknown: the suggestion stays out, the chat answers for itself */ }
  if (!status || !hint.isConnected) return
  hint.dataset.model = status.configured ? 'configured' : 'none'
  hint.textContent = status.configured ? SUGGESTION : `${status.message} The /follow, /unfollow and /following commands work without one.`
  hint.hidden = false
}

export function startChat () {
  showHint()
  const form = byId('chat-form')
  const input = byId('chat-input')
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const message = input.value.trim()
    if (!message || busy) return
    input.value = ''
    append(h('div', { class: 'msg user' }, message))
    if (isNoticeCommand(message)) await runNoticeCommand(message, append)
    else await stream('/api/chat', conversationId ? { message, conversationId } : { message })
    input.focus()
  })
  startNotices(append)
  // Enter sends, Shift+Enter starts a new line.
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); form.requestSubmit() }
  })
}
