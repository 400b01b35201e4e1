// Tiny DOM and formatting helpers. Text always goes in through textContent, never as HTML, so titles
// and messages coming from backends cannot inject markup.
/* global Node */

/** h('li', { class: 'row', 'aria-label': 'x' }, child, 'text', …) */
export function h (tag, attrs = {}, ...children) {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue
    if (k === 'class') el.className = v
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v)
    else if (k in el && k !== 'list' && typeof v !== 'string') el[k] = v
    else el.setAttribute(k, v === true ? '' : String(v))
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue
    el.append(c instanceof Node ? c : document.createTextNode(String(c)))
  }
  return el
}

export const byId = (id) => document.getElementById(id)

/** An accessible progress bar (native <progress>, styled in style.css). */
export function bar (percent, label, tone = '') {
  const value = Math.max(0, Math.min(100, Number(percent) || 0))
  return h('progress', { class: `bar ${tone}`.trim(), max: 100, value, 'aria-label': label, title: `${value.toFixed(value < 10 ? 1 : 0)}%` })
}

export function bytes (n) {
  if (!Number.isFinite(n)) return ''
  // Binary units, as the server's formatBytes (core/format.ts) and df -h.
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB']
  let i = 0
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++ }
  return `${n.toFixed(n < 10 && i > 0 ? 1 : 0)} ${units[i]}`
}

export const speed = (n) => (n > 0 ? `${bytes(n)}/s` : '')

export function duration (seconds) {
  if (!Number.isFinite(seconds) || seconds < 0) return ''
  const s = Math.round(seconds)
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  if (hours > 0) return `${hours} h ${minutes} min`
  if (minutes > 0) return `${minutes} min`
  return `${s % 60} s`
}

export function clock (seconds) {
  if (!Number.isFinite(seconds)) return ''
  const s = Math.round(seconds)
  const hh = Math.floor(s / 3600)
  const mm = String(Math.floor((s % 3600) / 60)).padStart(hh > 0 ? 2 : 1, '0')
  const ss = String(s % 60).padStart(2, '0')
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`
}

const two = (n) => String(n).padStart(2, '0')

/**
 * "2026-11-25 19:42" in the browser's time zone. Year-month-day with a 24-hour time reads the same in
 * every locale: the locale's own date (toLocaleDateString) is 11/25/2026 in a US-English browser, which
 * elsewhere reads as a different day or not at all, and it carries no time.
 */
export function stamp (iso) {
  const t = Date.parse(iso)
  if (!Number.isFinite(t)) return ''
  const d = new Date(t)
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`
}

export function ago (iso) {
  const t = Date.parse(iso)
  if (!Number.isFinite(t)) return ''
  const s = Math.max(0, (Date.now() - t) / 1000)
  if (s < 60) return 'just now'
  if (s < 3600) return `${Math.floor(s / 60)} min ago`
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`
  return stamp(iso)
}
