// Renders each dashboard section from the /api/dashboard snapshot. Pure DOM building: actions come in
// as callbacks, so this file never talks to the server.
import { ago, bar, byId, bytes, clock, duration, h, speed, stamp } from './dom.js'

const STATE_LABEL = {
  downloading: 'Downloading',
  seeding: 'Seeding',
  completed: 'Done',
  paused: 'Paused',
  queued: 'Queued',
  waiting: 'Waiting',
  checking: 'Checking',
  failed: 'Failed',
  error: 'Error',
  stalled: 'Stuck',
  importBlocked: 'Import blocked',
  importPending: 'Import pending',
  waitingForImport: 'Waiting for an import',
  other: ''
}

function empty (text) {
  return h('li', { class: 'empty' }, text)
}

export function renderServices (section) {
  const list = byId('services')
  list.removeAttribute('aria-busy')
  if (section.items.length === 0) { list.replaceChildren(empty('Checking the services…')); return }
  list.replaceChildren(...section.items.map(s => {
    const status = !s.configured ? 'off' : s.reachable ? 'up' : 'down'
    const word = { off: 'Not configured', up: 'Up', down: 'Down' }[status]
    const detail = s.reachable ? [s.version && (/^\d/.test(s.version) ? `v${s.version}` : s.version), s.latencyMs !== undefined && `${s.latencyMs} ms`].filter(Boolean).join(' · ') : (s.error ?? '')
    return h('li', { class: `tile ${status}`, title: s.error ?? '', 'aria-label': `${s.name}: ${word}${detail ? `, ${detail}` : ''}` },
      h('span', { class: 'dot', 'aria-hidden': 'true' }),
      h('span', { class: 'tile-name' }, s.name),
      h('span', { class: 'tile-detail' }, h('span', { class: 'tile-state' }, word), detail && ` · ${detail}`))
  }))
}

const SOURCE_BADGE = { torrent: 'Torrent', direct: 'Direct', series: 'Series', movies: 'Movie' }

export function renderDownloads (section) {
  const missing = section.sources.filter(s => !s.available)
  byId('download-sources').replaceChildren(...missing.map(s =>
    h('li', { class: 'note warn' }, `${s.service} did not answer: ${s.reason ?? 'no answer'}`)))
  const list = byId('downloads')
  if (section.items.length === 0) {
    // Only what answered is known: with a source silent, "nothing downloading" would be a guess.
    const heard = section.sources.filter(s => s.available).map(s => s.service)
    const text = missing.length === 0
      ? 'Nothing downloading.'
      : heard.length === 0 ? 'Not known: no download source answered.' : `Nothing downloading in ${heard.join(', ')}; the rest did not answer.`
    list.replaceChildren(empty(text))
    return
  }
  byId('download-counts').textContent = section.summary ?? ''
  list.replaceChildren(...section.items.map(d => {
    const said = STATE_LABEL[d.status] ?? STATE_LABEL[d.state] ?? d.state
    const meta = [d.reason ? `${said}: ${d.reason}` : said, d.progress !== undefined ? `${d.progress.toFixed(d.progress < 10 ? 1 : 0)}%` : '', d.speedBytesPerSecond !== undefined ? speed(d.speedBytesPerSecond) : '',
      d.etaSeconds !== undefined && d.status === 'downloading' ? `${duration(d.etaSeconds)} left` : '', d.sizeBytes ? bytes(d.sizeBytes) : ''].filter(Boolean)
    const title = d.about ? `${d.about} — ${d.name}` : d.name
    return h('li', { class: 'row', 'data-download-id': d.id },
      h('div', { class: 'row-head' },
        h('span', { class: `badge ${d.source}` }, SOURCE_BADGE[d.source] ?? d.source),
        h('span', { class: 'title', title: d.name }, title)),
      bar(d.progress, `${d.name} download progress`, d.status === 'failed' || d.status === 'stalled' ? 'bad' : d.progress >= 100 ? 'done' : ''),
      h('div', { class: 'meta' }, meta.join(' · ')))
  }))
}

export function renderJobs (section, { onCancel }) {
  byId('job-counts').textContent = section.running || section.queued ? `${section.running} running · ${section.queued} queued` : ''
  const list = byId('jobs')
  if (section.items.length === 0) { list.replaceChildren(empty('No jobs yet.')); return }
  list.replaceChildren(...section.items.slice(0, 12).map(j => {
    const active = j.status === 'running' || j.status === 'queued'
    const tone = j.status === 'failed' ? 'bad' : j.status === 'succeeded' ? 'done' : j.status === 'cancelled' || j.status === 'interrupted' ? 'muted' : ''
    const when = j.finishedAt ? ago(j.finishedAt) : j.startedAt ? `started ${ago(j.startedAt)}` : ago(j.createdAt)
    return h('li', { class: 'row', 'data-job-id': j.id, 'data-status': j.status },
      h('div', { class: 'row-head' },
        h('span', { class: `badge status-${j.status}` }, j.status),
        h('span', { class: 'title', title: j.description }, j.description),
        j.cancellable && h('button', { type: 'button', class: 'small danger', 'aria-label': `Cancel job: ${j.description}`, onclick: () => onCancel(j) }, 'Cancel')),
      (active || j.progress !== undefined) && bar(j.progress ?? 0, `${j.description} progress`, tone),
      h('div', { class: 'meta' }, [j.progress !== undefined && active ? `${j.progress}%` : '', j.error ?? j.message, when].filter(Boolean).join(' · ')))
  }))
}

export function renderPlaying (section, { onStop, onMessage }) {
  const list = byId('playing')
  if (!section.available) { list.replaceChildren(h('li', { class: 'note warn' }, `Media server unavailable: ${section.reason ?? 'no answer'}`)); return }
  if (section.sessions.length === 0) { list.replaceChildren(empty('Nobody is watching right now.')); return }
  list.replaceChildren(...section.sessions.map(s => {
    const title = s.item.seriesName ? `${s.item.seriesName} — ${s.item.name}` : s.item.name
    const time = s.positionSeconds !== undefined && s.runtimeSeconds ? `${clock(s.positionSeconds)} / ${clock(s.runtimeSeconds)}` : ''
    return h('li', { class: 'row', 'data-session-id': s.sessionId },
      h('div', { class: 'row-head' },
        h('span', { class: `badge ${s.paused ? 'paused' : 'live'}` }, s.paused ? 'Paused' : 'Playing'),
        h('span', { class: 'title', title }, title)),
      bar(s.progressPercent ?? 0, `${title} playback position`),
      h('div', { class: 'meta' }, [`${s.user} on ${s.device}`, s.client, time, s.transcoding ? 'transcoding' : ''].filter(Boolean).join(' · ')),
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'small', 'aria-label': `Send a message to ${s.user} on ${s.device}`, onclick: () => onMessage(s) }, 'Message'),
        h('button', { type: 'button', class: 'small danger', 'aria-label': `Stop playback for ${s.user} on ${s.device}`, onclick: () => onStop(s) }, 'Stop')))
  }))
}

// "both": the server found MEDIA_ROOT and DOWNLOADS_ROOT on one filesystem and reports it once.
const DISK_LABEL = { media: 'Media library disk', downloads: 'Downloads disk', both: 'Media library and downloads disk' }

export function renderLibrary (section) {
  const libs = byId('libraries')
  if (!section.available) libs.replaceChildren(h('li', { class: 'note warn' }, `Counts unavailable: ${section.reason ?? 'no answer'}`))
  else if (section.libraries.length === 0) libs.replaceChildren(empty('No libraries yet.'))
  else {
    libs.replaceChildren(...section.libraries.map(l => h('li', { class: 'count-tile' },
      h('span', { class: 'number' }, l.itemCount.toLocaleString()),
      h('span', { class: 'label' }, l.name),
      l.episodeCount !== undefined && h('span', { class: 'sub' }, `${l.episodeCount.toLocaleString()} episodes`))))
  }
  byId('disks').replaceChildren(...section.disks.map(d => {
    if (!d.available) return h('li', { class: 'note warn' }, `${DISK_LABEL[d.root]}: ${d.reason}`)
    const tone = d.usedPercent >= 95 ? 'bad' : d.usedPercent >= 85 ? 'warn' : ''
    return h('li', { class: 'row' },
      h('div', { class: 'row-head' }, h('span', { class: 'title' }, DISK_LABEL[d.root])),
      bar(d.usedPercent, `${DISK_LABEL[d.root]} used`, tone),
      h('div', { class: 'meta' }, `${d.usedPercent}% used · ${bytes(d.freeBytes)} free of ${bytes(d.totalBytes)}`),
      d.fillingSentence && h('div', { class: `meta${d.filling?.state === 'below' || (d.filling?.daysLeft ?? Infinity) < 14 ? ' warn' : ''}`, 'data-filling': d.filling?.state ?? '' }, d.fillingSentence))
  }))
}

export function renderActivity (section) {
  const list = byId('activity')
  if (!section.available) { list.replaceChildren(h('li', { class: 'note warn' }, `Activity unavailable: ${section.reason ?? 'no answer'}`)); return }
  if (section.items.length === 0) { list.replaceChildren(empty('Nothing happened yet.')); return }
  list.replaceChildren(...section.items.slice(0, 12).map(a => h('li', { class: `event sev-${a.severity.toLowerCase()}` },
    h('span', { class: 'event-name' }, a.name),
    h('time', { datetime: a.date, title: stamp(a.date) }, ago(a.date)))))
}
