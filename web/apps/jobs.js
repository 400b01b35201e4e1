// The live jobs and downloads view of check_jobs and download_status: each job or download with its state and
// progress. It refreshes through the host with read-only calls only (check_jobs, or download_status queue or
// finished); after an organize it follows the started job with check_jobs, never starting it again.
/* global connectView, el, resultText */
const REFRESH_MS = 2000
const MAX_AUTO_REFRESHES = 300
const ACTIVE_JOB = new Set(['queued', 'running'])
const $ = id => document.getElementById(id)
let toolArgs = {}
let refreshCall
let timer
let autoRefreshes = 0

const view = connectView({ name: 'mediastack-jobs', version: '1.0.0' }, {
  toolInput: args => { toolArgs = args },
  toolResult: result => { refreshCall = readOnlyCall(result); render(result) }
})

/** The call that shows this view's data again without changing anything, if there is one. */
function readOnlyCall (result) {
  const name = view.toolName()
  const data = result.structuredContent ?? {}
  if (name === 'check_jobs') return { name, args: toolArgs }
  if (name === 'download_status' && data.job) return { name: 'check_jobs', args: { id: data.job.id } }
  if (name === 'download_status' && data.action !== 'organize') return { name, args: toolArgs }
  return undefined
}

function render (result) {
  clearTimeout(timer)
  const data = result.structuredContent
  if (result.isError || !data) {
    $('heading').textContent = 'No data'
    $('status').textContent = resultText(result)
    $('status').className = 'error'
    return
  }
  const rows = data.job && !data.items ? [data.job] : data.items ?? []
  $('heading').textContent = headingOf(data, rows)
  $('items').replaceChildren(...rows.map(row => 'state' in row || 'files' in row ? downloadRow(row) : jobRow(row)))
  $('warnings').replaceChildren(...(data.warnings ?? []).map(w => el('li', w)))
  $('status').textContent = `Updated ${new Date().toLocaleTimeString()}`
  $('status').className = 'muted'
  $('refresh').hidden = !refreshCall || !view.canCallTools()
  const active = rows.some(r => ACTIVE_JOB.has(r.status) || (r.state !== undefined && (r.progressPercent ?? 0) < 100))
  if (active && !$('refresh').hidden && autoRefreshes < MAX_AUTO_REFRESHES) {
    timer = setTimeout(() => { autoRefreshes++; refresh() }, REFRESH_MS)
  }
}

function headingOf (data, rows) {
  if (data.total !== undefined) return `${data.total} ${data.action === 'queue' ? 'download' : data.action === 'finished' ? 'finished package' : 'job'}${data.total === 1 ? '' : 's'}`
  return rows.length === 1 ? 'Job' : 'Jobs'
}

function jobRow (job) {
  const row = el('div', undefined, 'item')
  row.append(el('div', job.description))
  const percent = job.progress !== undefined ? ` ${Math.round(job.progress)}%` : ''
  row.append(el('div', `${job.status}${percent}${job.message ? ` · ${job.message}` : ''}`, job.status === 'failed' ? 'error' : 'muted'))
  if (job.progress !== undefined && ACTIVE_JOB.has(job.status)) row.append(bar(job.progress))
  if (job.error) row.append(el('div', job.error, 'error'))
  return row
}

function downloadRow (item) {
  const row = el('div', undefined, 'item')
  row.append(el('div', item.about ? `${item.name} (${item.about})` : item.name))
  if (item.files) {
    row.append(el('div', `${item.files.length} file(s) · ${megabytes(item.sizeBytes)}`, 'muted'))
    return row
  }
  const eta = item.etaSeconds !== undefined ? ` · ${Math.ceil(item.etaSeconds / 60)} min left` : ''
  // Progress and size are absent while the total size is unknown: nothing is said of them then.
  const percent = item.progressPercent !== undefined ? ` ${Math.round(item.progressPercent)}%` : ''
  const speed = item.bytesPerSecond !== undefined ? ` · ${megabytes(item.bytesPerSecond)}/s` : ''
  const size = item.sizeBytes !== undefined ? ` of ${megabytes(item.sizeBytes)}` : ''
  row.append(el('div', `${item.state}${percent}${speed}${size}${eta}`, 'muted'))
  if (item.progressPercent !== undefined) row.append(bar(item.progressPercent))
  return row
}

function bar (percent) {
  const progress = el('progress')
  progress.max = 100
  progress.value = percent
  return progress
}

function megabytes (bytes) {
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`
}

async function refresh () {
  if (!refreshCall) return
  clearTimeout(timer)
  $('status').textContent = 'Refreshing…'
  try {
    render(await view.callTool(refreshCall.name, refreshCall.args))
  } catch (err) {
    $('status').textContent = `Could not refresh: ${err.message}`
    $('status').className = 'error'
  }
}

$('refresh').addEventListener('click', () => { autoRefreshes = 0; refresh() })
