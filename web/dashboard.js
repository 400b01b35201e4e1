// The dashboard's live data: one snapshot at start, then the /api/dashboard/events stream (snapshot
// and job events), read with fetch() so the bearer header can be sent. When the stream fails the page
// polls GET /api/dashboard instead and keeps trying to reconnect with a growing delay.
import { authFetch } from './auth.js'
import { byId } from './dom.js'
import { readEvents } from './sse.js'
import { refreshAudit } from './audit.js'
import { refreshKeeps } from './keeps.js'
import { refreshSignIns } from './signins.js'
import { refreshLeaving } from './leaving.js'
import { renderActivity, renderDownloads, renderJobs, renderLibrary, renderPlaying, renderServices } from './render.js'

const POLL_MS = 10_000
const MAX_BACKOFF_MS = 30_000

let snapshot = null
let pollTimer = null

function setLive (state, text) {
  const el = byId('live')
  el.dataset.state = state
  el.textContent = text
}

export function showBanner (text) {
  const el = byId('banner')
  el.textContent = text ?? ''
  el.hidden = !text
}

async function problem (res) {
  try {
    const b = await res.json()
    return [b.message ?? b.error_description ?? b.error, b.hint].filter(Boolean).join(' ')
  } catch {
    return `The server answered HTTP ${res.status}.`
  }
}

const actions = {
  async onCancel (job) {
    const res = await authFetch(`/api/dashboard/jobs/${encodeURIComponent(job.id)}/cancel`, { method: 'POST' })
    if (!res.ok) return showBanner(await problem(res))
    const { job: updated } = await res.json()
    applyJob(updated)
  },
  async onStop (session) {
    const res = await authFetch(`/api/dashboard/sessions/${encodeURIComponent(session.sessionId)}/stop`, { method: 'POST' })
    if (!res.ok) return showBanner(await problem(res))
    await refresh()
  },
  onMessage (session) {
    const dialog = byId('message-dialog')
    byId('message-target').textContent = `${session.user} on ${session.device}`
    byId('message-text').value = ''
    dialog.dataset.sessionId = session.sessionId
    dialog.showModal()
  }
}

async function sendMessage (event) {
  event.preventDefault()
  const dialog = byId('message-dialog')
  const text = byId('message-text').value.trim()
  if (!text) return
  dialog.close()
  const res = await authFetch(`/api/dashboard/sessions/${encodeURIComponent(dialog.dataset.sessionId)}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text })
  })
  showBanner(res.ok ? '' : await problem(res))
}

function render () {
  if (!snapshot) return
  renderServices(snapshot.services)
  renderDownloads(snapshot.downloads)
  renderJobs(snapshot.jobs, actions)
  renderPlaying(snapshot.nowPlaying, actions)
  renderLibrary(snapshot.library)
  renderActivity(snapshot.activity)
}

function applyJob (job) {
  if (!snapshot) return
  const items = snapshot.jobs.items
  const i = items.findIndex(j => j.id === job.id)
  if (i >= 0) items[i] = job
  else items.unshift(job)
  snapshot.jobs.running = items.filter(j => j.status === 'running').length
  snapshot.jobs.queued = items.filter(j => j.status === 'queued').length
  renderJobs(snapshot.jobs, actions)
}

/** One GET /api/dashboard; used at start, after actions and while polling. */
export async function refresh () {
  const res = await authFetch('/api/dashboard', { headers: { accept: 'application/json' } })
  if (!res.ok) throw new Error(await problem(res))
  snapshot = await res.json()
  render()
  refreshAudit().catch(err => console.warn('audit panel:', err.message))
  refreshKeeps().catch(err => console.warn('keeps panel:', err.message))
  refreshSignIns().catch(err => console.warn('sign-ins panel:', err.message))
  refreshLeaving().catch(err => console.warn('leaving panel:', err.message))
}

function startPolling () {
  if (pollTimer) return
  setLive('polling', 'Polling')
  pollTimer = setInterval(() => { refresh().catch(err => { setLive('offline', 'Offline'); showBanner(err.message) }) }, POLL_MS)
}

function stopPolling () {
  clearInterval(pollTimer)
  pollTimer = null
}

async function streamOnce () {
  const res = await authFetch('/api/dashboard/events', { headers: { accept: 'text/event-stream' }, cache: 'no-store' })
  if (!res.ok || !res.body) throw new Error(await problem(res))
  let opened = false
  await readEvents(res.body, (name, data) => {
    if (!opened) { opened = true; stopPolling(); setLive('live', 'Live'); showBanner('') }
    if (name === 'snapshot') { snapshot = data; render() } else if (name === 'job') applyJob(data)
  })
  return opened
}

async function live () {
  let delay = 1_000
  for (;;) {
    try {
      const opened = await streamOnce()
      if (opened) delay = 1_000
    } catch (err) {
      console.warn('live updates:', err.message)
    }
    startPolling()
    await new Promise(resolve => setTimeout(resolve, delay))
    delay = Math.min(MAX_BACKOFF_MS, delay * 2)
  }
}

export async function startDashboard () {
  byId('message-form').addEventListener('submit', sendMessage)
  byId('message-cancel').addEventListener('click', () => byId('message-dialog').close())
  byId('refresh').addEventListener('click', () => { refresh().catch(err => showBanner(err.message)) })
  try {
    await refresh()
  } catch (err) {
    showBanner(err.message)
  }
  live()
}
