// The title card of get_library_state: where one title stands across the backends (media server, managers,
// downloaders, disk), each with what it matched or why it could not answer; without a title, the library's
// top folders. No posters: nothing is fetched, everything comes from the tool result.
/* global connectView, el, resultText */
const PARTS = [
  ['mediaServer', 'Media server'],
  ['seriesManager', 'Series manager'],
  ['movieManager', 'Movie manager'],
  ['torrents', 'Torrents'],
  ['directDownloads', 'Direct downloads'],
  ['disk', 'On disk']
]
const $ = id => document.getElementById(id)
let toolArgs = {}

const view = connectView({ name: 'mediastack-title', version: '1.0.0' }, {
  toolInput: args => { toolArgs = args },
  toolResult: render
})

function render (result) {
  const data = result.structuredContent
  $('refresh').hidden = !view.canCallTools() || !view.toolName()
  if (result.isError || !data) {
    $('heading').textContent = 'No data'
    $('status').textContent = resultText(result)
    $('status').className = 'error'
    return
  }
  $('status').textContent = `Updated ${new Date().toLocaleTimeString()}`
  $('status').className = 'muted'
  if (data.mode !== 'title') return renderSummary(data.folders ?? [])
  $('heading').textContent = data.title
  const yesNo = (value, yes, no) => value === undefined ? undefined : value ? yes : no
  // Each fact apart, and only those the tool could check: an unknown one is absent from the result, so it is
  // not shown here either (the part rows below say which backend did not answer).
  const facts = [
    yesNo(data.readyToWatch, 'ready to watch', 'not on the media server'),
    yesNo(data.filesOnDisk, 'files in the library folders', 'no files in the library folders'),
    yesNo(data.managerHasFiles, 'the manager has files', 'no files in the managers'),
    yesNo(data.monitored, 'monitored', 'not monitored'),
    yesNo(data.downloading, 'downloading', 'not downloading'),
    data.importBlocked ? 'import blocked' : undefined
  ].filter(Boolean).join(' · ')
  $('facts').textContent = facts.charAt(0).toUpperCase() + facts.slice(1)
  $('progress').replaceChildren()
  if (data.downloading && data.downloadProgress !== undefined) {
    const bar = el('progress')
    bar.max = 100
    bar.value = data.downloadProgress
    $('progress').append(el('span', `${Math.round(data.downloadProgress)}% downloaded`, 'muted'), bar)
  }
  $('parts').replaceChildren(...PARTS.filter(([key]) => data[key]).map(([key, label]) => partRow(label, data[key])))
}

function partRow (label, part) {
  const row = el('tr')
  row.append(el('td', label))
  if (!part.available) {
    row.append(el('td', `unavailable${part.reason ? `: ${part.reason}` : ''}`, 'error'))
    return row
  }
  const matches = part.matches ?? []
  const names = matches.slice(0, 3).map(m => String(m.name ?? m.title ?? m.path ?? m.id ?? '')).filter(Boolean)
  row.append(el('td', matches.length === 0 ? 'no match' : `${matches.length} match${matches.length === 1 ? '' : 'es'}: ${names.join(', ')}`))
  return row
}

function renderSummary (folders) {
  $('heading').textContent = 'Library'
  $('facts').textContent = ''
  $('progress').replaceChildren()
  $('parts').replaceChildren(...folders.map(f => {
    const row = el('tr')
    row.append(el('td', f.folder), el('td', `${f.titles} titles · ${f.videoFiles} videos · ${(f.bytes / 1e9).toFixed(1)} GB`))
    return row
  }))
}

$('refresh').addEventListener('click', async () => {
  $('status').textContent = 'Refreshing…'
  try {
    render(await view.callTool(view.toolName(), toolArgs))
  } catch (err) {
    $('status').textContent = `Could not refresh: ${err.message}`
    $('status').className = 'error'
  }
})
