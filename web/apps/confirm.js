// The confirm card of a destructive preview: what will happen and the exact targets. Confirm calls the same
// tool through the host with the same arguments plus the token, so the model never has to relay the token;
// Cancel calls nothing. The server binds the token to these arguments and this credential, and acts only on
// what the preview showed.
/* global connectView, el, resultText */
const MAX_TARGETS = 100
const TOKEN_META_KEY = 'mediastack-mcp/confirmToken'
const $ = id => document.getElementById(id)
let toolArgs
let confirmation
let token

const view = connectView({ name: 'mediastack-confirm', version: '1.0.0' }, {
  toolInput: args => { toolArgs = args },
  toolResult: show,
  toolCancelled: () => finish('The call was cancelled; nothing changed.', 'muted')
})

function show (result) {
  confirmation = result.structuredContent?.confirmation
  // The server keeps the token out of what the model reads, in the result's _meta, for this card alone.
  token = result._meta?.[TOKEN_META_KEY] ?? confirmation?.confirmToken
  if (!confirmation) {
    $('heading').textContent = result.isError ? 'It did not work' : 'Done'
    return finish(resultText(result), result.isError ? 'error' : 'done')
  }
  $('heading').textContent = 'Confirm this change'
  $('summary').textContent = confirmation.summary
  $('targets').replaceChildren(...targetLines(confirmation.targets).map(line => el('li', line)))
  $('expires').textContent = `Nothing has changed yet. This confirmation is valid until ${new Date(confirmation.expiresAt).toLocaleString()}.`
  $('actions').hidden = false
}

/** One line per target: its path, name or title first where it has one, then its exact data. */
function targetLines (targets) {
  const list = Array.isArray(targets) ? targets : Object.entries(targets ?? {}).map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
  const lines = list.slice(0, MAX_TARGETS).map(describeTarget)
  if (list.length > MAX_TARGETS) lines.push(`…and ${list.length - MAX_TARGETS} more`)
  return lines
}

function describeTarget (target) {
  if (typeof target !== 'object' || target === null) return String(target)
  const label = [target.path, target.name, target.title].find(v => typeof v === 'string')
  const details = Object.entries(target).filter(([, value]) => value !== label)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : value}`).join(', ')
  return label === undefined ? details : details ? `${label} (${details})` : label
}

function finish (text, className) {
  $('actions').hidden = true
  const status = $('status')
  status.textContent = text
  status.className = className
}

$('confirm').addEventListener('click', async () => {
  $('confirm').disabled = $('cancel').disabled = true
  const name = view.toolName()
  if (!name || !toolArgs || !view.canCallTools()) {
    return finish('This host cannot run the call from here. Ask in the chat to confirm it instead.', 'error')
  }
  const { confirmToken: _, ...args } = toolArgs
  $('status').textContent = 'Working…'
  try {
    const result = await view.callTool(name, { ...args, confirmToken: token })
    finish(resultText(result), result.isError ? 'error' : 'done')
    view.tellModel(`The person confirmed in the card. ${resultText(result)}`)
  } catch (err) {
    finish(`The host could not run the call: ${err.message}`, 'error')
  }
})

$('cancel').addEventListener('click', () => {
  $('confirm').disabled = $('cancel').disabled = true
  finish('Cancelled: nothing changed.', 'muted')
  view.tellModel(`The person cancelled in the card: ${confirmation.summary} Nothing changed.`)
})
