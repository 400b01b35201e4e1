// The HTTP request each natively spoken scheme makes, built from its Apprise URL the way Apprise itself
// reads it, and in the service's own wire format. Nothing here sends: deliver.ts does.
import type { Message } from '../../core/notify/types.js'
import { DISCORD_HTTPS } from '../../core/notify/urls.js'
import { renderNotice } from '../../core/notify/render.js'

export interface HttpCall {
  url: string
  /** POST unless the URL names another (json:// `method=`). */
  method?: string
  headers: Record<string, string>
  body: string
}

export class ChannelUrlError extends Error {}

const JSON_TYPE = 'application/json'

function parse (url: string): URL {
  // WHATWG URL parses special schemes only: read ours as http(s) with the same authority and path.
  try {
    return new URL(url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, 'http://'))
  } catch {
    throw new ChannelUrlError('is not a valid URL')
  }
}

const secure = (url: string) => /^[a-z]+s:\/\//i.test(url)
const dec = (s: string) => decodeURIComponent(s)
const origin = (u: URL, https: boolean) => `${https ? 'https' : 'http'}://${u.host}`
const pathParts = (u: URL) => u.pathname.split('/').filter(Boolean).map(dec)

/** ntfy priorities as Apprise names them; 1-5 map onto them (caronc/apprise @ v1.13.0 : apprise/plugins/ntfy.py : 95-141). */
const NTFY_PRIORITIES: Record<string, string> = { 1: 'min', 2: 'low', 3: 'default', 4: 'high', 5: 'max', min: 'min', low: 'low', default: 'default', normal: 'default', high: 'high', max: 'max', urgent: 'max', emergency: 'max' }

/** A topic Apprise takes; it skips any other (caronc/apprise @ v1.13.0 : apprise/plugins/ntfy.py : 234-239, 419-432). */
const NTFY_TOPIC = /^[a-z0-9_-]{1,64}$/i
/** Apprise's list separators (apprise/utils/parse.py : 57, parse_list 1185-1235: unique entries). */
const LIST_SEPARATORS = /[[\];,\s]+/

/**
 * ntfy (caronc/apprise @ v1.13.0 : apprise/plugins/ntfy.py): a host with a topic path is a private server unless
 * `mode=cloud` (: 969-1000); otherwise the host is the topic on https://ntfy.sh (: 164). Every topic of the path
 * and of `to=` is published to, one message each (: 924-929, 461-507). The message goes as JSON
 * `{topic, title, message}` to the server's base URL (: 557-588, 620, 656-664), which ntfy accepts as "publish as
 * JSON" (binwiederhier/ntfy @ v2.13.0 : server/server.go : 523-524; server/types.go : 94-111). Auth: user:password
 * is Basic; a `tk_` user (or `auth=token`, `token=`) is a Bearer token (ntfy.py : 74-76, 539-548).
 */
export function ntfyCalls (url: string, m: Message): HttpCall[] {
  const u = parse(url)
  const q = u.searchParams
  const path = pathParts(u)
  const mode = q.get('mode')?.toLowerCase() ?? (path.length > 0 && u.hostname !== '' ? 'private' : 'cloud')
  const cloud = mode === 'cloud'
  if (cloud && !/ntfy\.sh$/i.test(u.hostname)) path.unshift(dec(u.hostname))
  const topics = [...new Set([...path, ...(q.get('to') ?? '').split(LIST_SEPARATORS)].filter(Boolean))]
  if (topics.length === 0) throw new ChannelUrlError('names no topic (expected ntfy://host/topic or ntfys://topic)')
  // Apprise would skip such a topic with a warning in its log: here the channel says so, a topic never reached.
  if (topics.some(topic => !NTFY_TOPIC.test(topic))) throw new ChannelUrlError('names a topic ntfy does not take (1-64 letters, digits, "_" or "-")')
  const headers: Record<string, string> = { 'content-type': JSON_TYPE }
  const user = dec(u.username)
  const password = dec(u.password)
  const token = q.get('token') ?? (q.get('auth') === 'token' || (/^tk_/i.test(user) && !password) ? (password || user) : undefined)
  if (!cloud && token) headers.authorization = `Bearer ${token}`
  else if (!cloud && user) headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
  const priority = NTFY_PRIORITIES[(q.get('priority') ?? '').toLowerCase()]
  if (priority && priority !== 'default') headers['x-priority'] = priority
  if (q.get('tags')) headers['x-tags'] = q.get('tags')!
  if (m.click) headers['x-click'] = m.click
  // A one-tap button: ntfy's X-Actions header, which Apprise also sends (caronc/apprise @ v1.13.0 : ntfy.py : 580-609).
  if (m.action) headers['x-actions'] = `view, ${m.action.label.replace(/[,;]/g, ' ')}, ${m.action.url}`
  const to = cloud ? 'https://ntfy.sh' : origin(u, secure(url))
  // Plain text: no `markdown: true` is sent, so ntfy shows it as it is (core/notify/render.ts).
  const shown = renderNotice('ntfy', m)
  return topics.map(topic => ({ url: to, headers, body: JSON.stringify({ topic, title: shown.title, message: shown.body }) }))
}

/** Gotify's priority names (caronc/apprise @ v1.13.0 : apprise/plugins/gotify.py : 44-58). */
const GOTIFY_PRIORITIES: Record<string, number> = { low: 0, moderate: 3, normal: 5, high: 8, emergency: 10 }

/**
 * Gotify: `gotify://host[:port][/path]/<token>` (caronc/apprise @ v1.13.0 : apprise/plugins/gotify.py : 111-116)
 * → POST <host><path>/message, header X-Gotify-Key, JSON {priority, title, message} (: 197-240), which the
 * server reads (gotify/server @ v3.0.0 : router/router.go : 195; auth/authentication.go : 24; model/message.go : 73-95).
 */
export function gotifyCall (url: string, m: Message): HttpCall {
  const u = parse(url)
  const parts = u.pathname.split('/').filter(Boolean)
  const token = parts.pop()
  if (!token) throw new ChannelUrlError('names no application token (expected gotify://host/<token>)')
  const path = parts.length ? `/${parts.join('/')}/` : '/'
  const named = u.searchParams.get('priority')?.toLowerCase() ?? 'normal'
  const priority = GOTIFY_PRIORITIES[named] ?? (Number.isInteger(Number(named)) ? Number(named) : 5)
  // Plain text: no client::display extra is sent, so Gotify does not render markdown (core/notify/render.ts).
  const shown = renderNotice('gotify', m)
  const body = JSON.stringify({ priority, title: shown.title, message: shown.body })
  return { url: `${origin(u, secure(url))}${path}message`, headers: { 'content-type': JSON_TYPE, 'x-gotify-key': dec(token) }, body }
}

/** Discord's message size limit (discord/discord-api-docs @ c98d64b : developers/resources/webhook.mdx : 237-247). */
const DISCORD_MAX = 2000

/**
 * Discord: `discord://[botname@]<webhook_id>/<webhook_token>` or the webhook's https URL (caronc/apprise @ v1.13.0 :
 * apprise/plugins/discord.py : 80, 129-132, 1099-1113) → POST https://discord.com/api/webhooks/<id>/<token> (: 86,
 * 738-740) with `content` = title CR LF body, every markdown character escaped (core/notify/render.ts: Discord
 * renders `content` as markdown whatever the sender means), and `username` from the bot
 * name. Discord requires one of content/embeds/… and caps content at 2000 characters (webhook.mdx : 206-212, 237-247);
 * `?wait=true` makes it answer with the created message instead of 204 (: 209, 228-229).
 */
export function discordCall (url: string, m: Message, apiRoot = 'https://discord.com/api'): HttpCall {
  let id: string | undefined
  let token: string | undefined
  let botname: string | undefined
  const https = DISCORD_HTTPS.exec(url)
  if (https) [id, token] = [https[1], https[2]]
  else {
    // Read by hand: a URL parser takes an all-digit host (the webhook id) for an IPv4 address.
    const m = /^discord:\/\/(?:([^@/?#]+)@)?([^/?#]+)\/([^/?#]+)/i.exec(url)
    if (m) [botname, id, token] = [m[1] ? dec(m[1]) : undefined, m[2], dec(m[3]!)]
  }
  if (!id || !/^\d+$/.test(id) || !token) throw new ChannelUrlError('names no webhook (expected discord://<webhook_id>/<webhook_token>)')
  const shown = renderNotice('discord', m)
  const text = [shown.title, shown.body].filter(Boolean).join('\r\n')
  const content = text.length > DISCORD_MAX ? `${text.slice(0, DISCORD_MAX - 1)}…` : text
  const body = JSON.stringify({ content, ...(botname ? { username: botname } : {}), allowed_mentions: { parse: [] } })
  return { url: `${apiRoot}/webhooks/${id}/${encodeURIComponent(token)}?wait=true`, headers: { 'content-type': JSON_TYPE }, body }
}

/** The methods Apprise's json:// takes (caronc/apprise @ v1.13.0 : apprise/plugins/custom_json.py : 53-62). */
const JSON_METHODS = new Set(['POST', 'GET', 'DELETE', 'PUT', 'HEAD', 'PATCH', 'UPDATE', 'OPTIONS'])

/**
 * json / jsons: `{version: "1.0", title, message, attachments: [], type}` to the URL (caronc/apprise @ v1.13.0 :
 * apprise/plugins/custom_json.py : 94, 265-271; the same in v1.2.0 : NotifyJSON.py : 270-278), by `method=` (POST
 * unless named, : 176-184, 316-320, 460-462). user:password@ is Basic auth, `+Header=value` adds a header and
 * `-name=value` a query parameter (: 441-458); `:key=value` adds key to the payload, and for a key already in it
 * renames it to value, or drops it when value is empty (: 273-285).
 */
export function jsonCall (url: string, m: Message): HttpCall {
  const u = parse(url)
  const headers: Record<string, string> = { 'content-type': JSON_TYPE }
  if (u.username) headers.authorization = `Basic ${Buffer.from(`${dec(u.username)}:${dec(u.password)}`).toString('base64')}`
  const query = new URLSearchParams()
  const extras: Array<[string, string]> = []
  let method = 'POST'
  // Read raw: a form decoder would turn the leading + of a header argument into a space.
  const args = u.search.slice(1).split('&').filter(Boolean).map(kv => kv.split('=', 2).map(x => dec(x ?? '')) as [string, string])
  for (const [k, v = ''] of args) {
    if (k.startsWith('+') && /^[A-Za-z0-9-]{1,64}$/.test(k.slice(1))) headers[k.slice(1).toLowerCase()] = v
    else if (k.startsWith('-') && k.length > 1) query.append(k.slice(1), v)
    else if (k.startsWith(':') && k.length > 1) extras.push([k.slice(1), v])
    else if (k.toLowerCase() === 'method' && v) method = v.toUpperCase()
  }
  if (!JSON_METHODS.has(method)) throw new ChannelUrlError(`names a method json:// does not take (${method.slice(0, 10)}; one of ${[...JSON_METHODS].join(', ')})`)
  const qs = query.toString()
  const shown = renderNotice('json', m)
  const message = shown.body
  const payload: Record<string, unknown> = { version: '1.0', title: shown.title, message, attachments: [], type: m.type ?? 'info' }
  for (const [key, value] of extras) {
    if (!(key in payload)) payload[key] = value
    else {
      if (value) payload[value] = payload[key]
      delete payload[key]
    }
  }
  return { url: `${origin(u, secure(url))}${u.pathname}${qs ? `?${qs}` : ''}`, method, headers, body: JSON.stringify(payload) }
}
