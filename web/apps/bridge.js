// The view's side of MCP Apps (SEP-1865; modelcontextprotocol/ext-apps specification/2026-01-26/apps.mdx):
// JSON-RPC 2.0 over postMessage with the host. The view says ui/initialize, then ui/notifications/initialized;
// the host sends the tool's arguments (ui/notifications/tool-input) and result (ui/notifications/tool-result);
// the view calls tools through the host (tools/call). Only messages from the parent window are read, and
// everything shown is set as text, never as markup: titles and file names come from backends and disks.
// Loaded before each view's own script in the same inline script, so its functions are used there.
/* eslint no-unused-vars: ["error", { "varsIgnorePattern": "^(connectView|el|resultText)$" }] */
const PROTOCOL_VERSION = '2026-01-26'

function el (tag, text, className) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function connectView (appInfo, handlers) {
  const host = window.parent
  const pending = new Map()
  let nextId = 1
  let context = {}
  let capabilities = {}

  // The view runs in a sandbox without an origin of its own, so the target cannot be narrowed below '*'.
  const post = message => host.postMessage({ jsonrpc: '2.0', ...message }, '*')
  const notify = (method, params) => post({ method, params })
  function request (method, params) {
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      post({ id, method, params })
    })
  }

  const notifications = {
    'ui/notifications/tool-input': p => handlers.toolInput?.(p.arguments ?? {}),
    'ui/notifications/tool-result': p => handlers.toolResult?.(p),
    'ui/notifications/tool-cancelled': p => handlers.toolCancelled?.(p.reason),
    'ui/notifications/host-context-changed': p => applyContext({ ...context, ...p })
  }
  const requests = {
    ping: () => ({}),
    'ui/resource-teardown': () => ({})
  }

  window.addEventListener('message', event => {
    if (event.source !== host) return
    const m = event.data
    if (m === null || typeof m !== 'object' || m.jsonrpc !== '2.0') return
    if (m.method === undefined) {
      const waiting = pending.get(m.id)
      if (!waiting) return
      pending.delete(m.id)
      if (m.error) waiting.reject(new Error(m.error.message || 'The host refused the request.'))
      else waiting.resolve(m.result)
    } else if (m.id !== undefined) {
      const answer = requests[m.method]
      post(answer ? { id: m.id, result: answer(m.params) } : { id: m.id, error: { code: -32601, message: `Method not found: ${m.method}` } })
    } else {
      notifications[m.method]?.(m.params ?? {})
    }
  })

  function applyContext (next) {
    context = next
    const root = document.documentElement
    if (context.theme === 'dark' || context.theme === 'light') root.style.colorScheme = context.theme
    for (const [name, value] of Object.entries(context.styles?.variables ?? {})) {
      if (name.startsWith('--') && typeof value === 'string') root.style.setProperty(name, value)
    }
  }

  function reportSize () {
    const root = document.documentElement
    notify('ui/notifications/size-changed', { width: Math.ceil(root.scrollWidth), height: Math.ceil(root.scrollHeight) })
  }

  const ready = request('ui/initialize', { appInfo, appCapabilities: {}, protocolVersion: PROTOCOL_VERSION }).then(result => {
    capabilities = result?.hostCapabilities ?? {}
    applyContext(result?.hostContext ?? {})
    notify('ui/notifications/initialized', {})
    new ResizeObserver(reportSize).observe(document.body)
  })

  return {
    ready,
    /** The tool this view shows the call of (the host's toolInfo). */
    toolName: () => context.toolInfo?.tool?.name,
    canCallTools: () => capabilities.serverTools !== undefined,
    callTool: (name, args) => request('tools/call', { name, arguments: args }),
    /** Tells the model what the person did here, where the host accepts it (it never triggers a reply). */
    tellModel: text => capabilities.updateModelContext
      ? request('ui/update-model-context', { content: [{ type: 'text', text }] }).catch(() => {})
      : Promise.resolve()
  }
}

/** The text blocks of a tool result, joined. */
function resultText (result) {
  return (result?.content ?? []).filter(c => c.type === 'text').map(c => c.text).join('\n')
}
