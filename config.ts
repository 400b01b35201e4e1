// One TypeBox schema for every environment variable the tool server reads.
// Keys are the variable names themselves, so a grep for a variable finds its schema, its
// .env.example line and every use. Tests build configs with `buildConfig({...})`, never via process.env.
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { ValueErrorType } from '@sinclair/typebox/errors'
import { pathMapFor } from './core/path-map.js'
import { trustProxyProblem } from './core/trust-proxy.js'
import { usenetProblems } from './core/usenet-config.js'
import { requestUsersProblems } from './core/request-users.js'
import {
  instanceSettingKey, instanceVariable, instanceVariables, parseInstances, placeholderKeyProblem, TORRENT_CLIENT_TYPES, type ExtraInstances, type InstanceKindName, type InstanceSettings
} from './core/instance-config.js'
import { notifySettingsProblems } from './core/notify/settings.js'
import { parseConfiguredClients } from './core/oauth-clients.js'

/** A shorter approval passphrase is refused at startup: it is the one thing between the internet and a token. */
export const MIN_PASSPHRASE_LENGTH = 16

const Secret = (description: string) => Type.String({ default: '', description, secret: true })
const Url = (def: string, description: string) => Type.String({ default: def, format: 'uri', description })
const Path = (def: string, description: string) => Type.String({ default: def, description })

export const ConfigSchema = Type.Object({
  // --- server
  PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535, description: 'Port the tool server listens on (0 = any free port)' }),
  HOST: Type.String({ default: '0.0.0.0', description: 'Interface to bind (0.0.0.0 in containers, 127.0.0.1 for local only)' }),
  PUBLIC_URL: Type.String({ default: '', description: 'The base URL clients type, e.g. https://media.example.com (default http://localhost:PORT)' }),
  ALLOWED_ORIGINS: Type.String({ default: '', description: 'Comma-separated exact browser origins allowed on /mcp and /api/* (PUBLIC_URL\'s origin is always allowed)' }),
  ALLOWED_HOSTS: Type.String({ default: '', description: 'Comma-separated extra Host names accepted besides PUBLIC_URL\'s host and localhost (e.g. mcp-server)' }),
  TRUST_PROXY: Type.String({ default: '', description: 'Comma-separated IP addresses or CIDR ranges of the reverse proxy whose X-Forwarded-For is trusted (never "true", never a host name)' }),
  MCP_RATE_LIMIT: Type.Integer({ default: 1200, minimum: 1, description: 'Requests per minute one credential may send to /mcp (beyond it: 429 with Retry-After)' }),
  // --- MCP fast paths (plugins/mcp/README.md)
  MCP_FAST_PATHS: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on', description: 'on: common MCP requests skip SDK steps they do not need (same bytes, pinned by tests); off: every /mcp request is served through the MCP SDK, to rule the fast paths out when a client misbehaves' }),
  LOG_LEVEL: Type.Union([Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')], { default: 'info', description: 'Log level' }),
  STATE_DIR: Path('./.state', 'Directory for persistent state: job journal, optional OAuth store, setup secrets'),
  // --- auth
  INTERNAL_API_KEY: Secret('Bearer key for the chat bot (Authorization: Bearer <key>); empty disables internal auth'),
  OAUTH_STORE: Type.Union([Type.Literal('memory'), Type.Literal('file')], { default: 'memory', description: 'memory: a restart signs every client out (spec default); file: clients and tokens survive restarts (hashed, under STATE_DIR)' }),
  OAUTH_APPROVAL_PASSPHRASE: Secret(`If set (at least ${MIN_PASSPHRASE_LENGTH} characters), /authorize shows a one-field approval page (once per client and browser) instead of approving automatically`),
  OAUTH_CLIENTS: Secret('Pre-registered OAuth clients, for clients that can neither register nor publish a metadata document (Home Assistant, scripts), separated by spaces: client_id=redirect_uri[,redirect_uri][#secret] (with a secret of 16+ characters the client authenticates with it; without, it is a public client)'),
  // --- media roots
  MEDIA_ROOT: Path('/data', 'Media library root (movies, tv, anime, music below it)'),
  DOWNLOADS_ROOT: Path('/downloads', 'Downloads root shared with the downloaders'),
  DISK_MIN_FREE_GIB: Type.Number({ default: 10, minimum: 0, maximum: 1_000_000, description: 'Free space (GiB) below which server_status warns about the media or downloads disk and downloads of unknown size are refused (0 turns both off; releases of known size are always checked against free space)' }),
  STUCK_MAX_STRIKES: Type.Integer({ default: 3, minimum: 1, maximum: 100, description: 'Times cancel_downloads may replace a stuck download of the same episodes or movie before it stops and asks the person (counted in STATE_DIR)' }),
  SEARCH_LOOP_PER_HOUR: Type.Integer({ default: 10, minimum: 1, maximum: 1000, description: 'Searches per hour, per series or movie manager instance, that check_jobs\' search loop may ask for (docs/tools.md)' }),
  CLEANUP_LEAVING_SOON_DAYS: Type.Integer({ default: 7, minimum: 1, maximum: 365, description: 'Days a title watched by everyone stays marked "leaving soon" before cleanup_server\'s watched category may propose deleting it (marks kept in STATE_DIR)' }),
  CLEANUP_KEEP_TAG: Type.String({ default: 'keep', minLength: 1, maxLength: 100, description: 'Label of the series/movie manager tag that keeps a title out of cleanup_server\'s watched category (a user\'s favourite keeps it too)' }),
  PATH_MAP: Type.String({ default: '', description: 'Backend path mapping, comma-separated backendPath=ourPath pairs, e.g. /tv=/data/tv,/movies=/data/movies' }),
  SETUP_CONFIG_ROOT: Path('/stack-config', 'Folder holding each service\'s config (sonarr/, radarr/, prowlarr/ with config.xml), mounted read-only; setup reads API keys there'),
  PUID: Type.Integer({ default: 1000, minimum: 0, description: 'User id that owns files the server creates' }),
  PGID: Type.Integer({ default: 1000, minimum: 0, description: 'Group id that owns files the server creates' }),
  // --- backends
  MEDIA_SERVER_URL: Url('http://jellyfin-host:8096', 'Media server (Jellyfin, or Plex with MEDIA_SERVER_TYPE=plex, e.g. http://plex:32400) base URL'),
  MEDIA_SERVER_API_KEY: Secret('Media server API key; empty: the server starts but media server tools fail'),
  SERIES_MANAGER_URL: Url('http://sonarr:8989', 'Series manager (Sonarr) base URL'),
  SERIES_MANAGER_API_KEY: Secret('Series manager API key; empty: series tools fail with a hint'),
  SERIES_MANAGER_INSTANCES: Type.String({ default: '', description: 'Comma-separated names of extra series managers (e.g. anime), each set with SERIES_MANAGER_<NAME>_URL and _API_KEY' }),
  MOVIE_MANAGER_URL: Url('http://radarr:7878', 'Movie manager (Radarr) base URL'),
  MOVIE_MANAGER_API_KEY: Secret('Movie manager API key; empty: movie tools fail with a hint'),
  MOVIE_MANAGER_INSTANCES: Type.String({ default: '', description: 'Comma-separated names of extra movie managers (e.g. uhd), each set with MOVIE_MANAGER_<NAME>_URL and _API_KEY' }),
  INDEXER_MANAGER_URL: Url('http://prowlarr:9696', 'Indexer manager (Prowlarr) base URL'),
  INDEXER_MANAGER_API_KEY: Secret('Indexer manager API key (status and setup only)'),
  TORRENT_CLIENT_URL: Url('http://qbittorrent:8085', 'Torrent client base URL: the qBittorrent WebUI, or Transmission\'s (http://host:9091, /transmission/rpc is added)'),
  TORRENT_CLIENT_USERNAME: Type.String({ default: 'admin', description: 'Torrent client WebUI user' }),
  TORRENT_CLIENT_PASSWORD: Secret('Torrent client WebUI password'),
  TORRENT_CLIENT_INSTANCES: Type.String({ default: '', description: 'Comma-separated names of extra torrent clients, each set with TORRENT_CLIENT_<NAME>_URL, _USERNAME and _PASSWORD' }),
  // --- torrents: which torrent client TORRENT_CLIENT_URL is (each extra instance may differ: TORRENT_CLIENT_<NAME>_TYPE)
  TORRENT_CLIENT_TYPE: Type.Union(TORRENT_CLIENT_TYPES.map(t => Type.Literal(t)), { default: 'qbittorrent', description: 'Torrent client kind: qbittorrent, transmission or deluge; per extra instance TORRENT_CLIENT_<NAME>_TYPE' }),
  DOWNLOAD_MANAGER_URL: Url('', 'Direct-download manager (pyLoad-ng) base URL, e.g. http://pyload:8000; empty: no direct-download manager in this stack'),
  DOWNLOAD_MANAGER_API_KEY: Secret('Direct-download manager API key (X-API-Key)'),
  CHALLENGE_PROXY_URL: Url('http://flaresolverr:8191', 'Challenge-bypass proxy (FlareSolverr) URL, wired into the indexer manager by setup'),
  ARIA2_RPC_URL: Type.String({ default: '', description: 'aria2 JSON-RPC URL (e.g. http://127.0.0.1:6800/jsonrpc); empty: the server starts its own aria2c when installed' }),
  ARIA2_RPC_SECRET: Secret('aria2 RPC secret'),
  // --- media server type (Plex)
  MEDIA_SERVER_TYPE: Type.Union([Type.Literal('jellyfin'), Type.Literal('plex')], { default: 'jellyfin', description: 'Which media server MEDIA_SERVER_URL is: jellyfin (key in MEDIA_SERVER_API_KEY) or plex (token in MEDIA_SERVER_TOKEN)' }),
  MEDIA_SERVER_TOKEN: Secret('Plex only: the X-Plex-Token of the server owner (an admin token); empty: media server tools fail with a hint'),
  // --- usenet (core/usenet-config.ts checks them together)
  USENET_CLIENT_TYPE: Type.String({ default: '', description: 'Usenet client: sabnzbd or nzbget; empty: no Usenet client' }),
  USENET_CLIENT_URL: Url('', 'Usenet client web interface base URL, e.g. http://sabnzbd:8080 or http://nzbget:6789'),
  USENET_CLIENT_API_KEY: Secret('SABnzbd API key (Config > General > Security)'),
  USENET_CLIENT_USERNAME: Type.String({ default: '', description: 'NZBGet ControlUsername' }),
  USENET_CLIENT_PASSWORD: Secret('NZBGet ControlPassword'),
  USENET_CLIENT_INSTANCES: Type.String({ default: '', description: 'Comma-separated names of extra Usenet clients, each set with USENET_CLIENT_<NAME>_TYPE, _URL and _API_KEY or _USERNAME/_PASSWORD' }),
  // --- requests (Seerr)
  REQUESTS_URL: Url('', 'Request manager (Seerr, Overseerr or Jellyseerr) base URL; empty: requests go straight to the series/movie managers'),
  REQUESTS_API_KEY: Secret('Request manager API key (Seerr: Settings > General > API Key)'),
  REQUESTS_USERS: Type.String({ default: '', description: 'Who is which Seerr user, comma-separated: telegram:<chat user id>=<Seerr user id>, owner=<Seerr user id> (MCP clients, web chat, the internal key), <NOTIFY_PEOPLE name>=<Seerr user id>; the chat id in Seerr\'s settings links nobody' }),
  // --- local tools
  FFMPEG_PATH: Type.String({ default: 'ffmpeg', description: 'ffmpeg executable' }),
  FFPROBE_PATH: Type.String({ default: 'ffprobe', description: 'ffprobe executable' }),
  MKVMERGE_PATH: Type.String({ default: 'mkvmerge', description: 'mkvmerge executable (mkvtoolnix)' }),
  YTDLP_PATH: Type.String({ default: 'yt-dlp', description: 'yt-dlp executable' }),
  ARIA2C_PATH: Type.String({ default: 'aria2c', description: 'aria2c executable' }),
  // --- chat (web chat and bot)
  CHAT_BOT_TOKEN: Secret('Chat bot (Telegram) token'),
  CHAT_BOT_API_ROOT: Url('https://api.telegram.org', 'Bot API root of the chat service (change for a self-hosted Bot API server)'),
  ALLOWED_CHAT_USERS: Type.String({ default: '', description: 'Comma-separated chat user ids allowed to use the bot; empty: anyone (warned at startup)' }),
  LLM_PROVIDER_A_API_KEY: Secret('Key of the primary LLM provider (OpenAI-compatible chat completions)'),
  LLM_PROVIDER_A_BASE_URL: Url('https://api.openai.com/v1', 'Base URL of provider A (any OpenAI-compatible API, hosted or local)'),
  LLM_PROVIDER_A_MODEL: Type.String({ default: 'gpt-4o-mini', description: 'Model name for provider A' }),
  LLM_PROVIDER_B_API_KEY: Secret('Key of the fallback LLM provider (Gemini API)'),
  LLM_PROVIDER_B_BASE_URL: Url('https://generativelanguage.googleapis.com/v1beta', 'Base URL of provider B'),
  LLM_PROVIDER_B_MODEL: Type.String({ default: 'gemini-2.0-flash', description: 'Model name for provider B' }),
  MCP_URL: Url('http://mcp-server:3000/mcp', 'Where the chat bot reaches the tool server (bot only)'),
  // --- notices (issue 28: lib/notify)
  NOTIFY_URLS: Secret('Where notices go, in Apprise URL syntax, separated by spaces: a bare URL is the household\'s, name=URL a person\'s (e.g. ntfys://ntfy.sh/house alice=gotify://gotify.lan/AbC); ntfy, gotify, discord and json are sent natively, other schemes through the apprise program; empty: no notices'),
  NOTIFY_PEOPLE: Type.String({ default: '', description: 'Who each person in NOTIFY_URLS is, separated by spaces: name=telegram:<user id>,media:<media-server user name>,owner,readonly (owner: the web chat is theirs and a sign-in as them may do everything; readonly: a sign-in as them gets the read-only tools; media: a sign-in as them searches the library as that media-server user, its limits applied; when people are named, every OAuth sign-in says whom it is for; e.g. alice=telegram:12345,media:Alice,owner)' }),
  NOTIFY_EVENTS: Type.String({ default: '', description: 'Which events go where, over the defaults: event=person|household|person+household|<name>|off for ready, leaving, stuck, disk, down, signin (default ready=person leaving=person stuck=household disk=household down=household signin=household)' }),
  // --- deployment
  TUNNEL_TOKEN: Secret('Tunnel service token (tunnel deployment mode only; read by the tunnel container)'),
  HOST_MEDIA_DIR: Path('./data', 'Compose only: host folder mounted as /data in the containers'),
  HOST_DOWNLOADS_DIR: Path('./downloads', 'Compose only: host folder mounted as /downloads'),
  HOST_CONFIG_DIR: Path('./config', 'Compose only: host folder holding each service\'s configuration and state')
}, { additionalProperties: false })

/** The validated settings, plus the extra instances parsed from the per-instance variables (core/instance-config.ts). */
export type Config = Static<typeof ConfigSchema> & { readonly instances?: ExtraInstances }
export type ConfigKey = keyof Static<typeof ConfigSchema>

/** Names of the variables that hold secrets: never logged, never returned. */
export const SECRET_KEYS = Object.entries(ConfigSchema.properties)
  .filter(([, s]) => (s as TSchema & { secret?: boolean }).secret === true)
  .map(([k]) => k as ConfigKey)

export class ConfigError extends Error {
  constructor (readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map(p => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

const URL_KEYS = Object.entries(ConfigSchema.properties)
  .filter(([, s]) => (s as TSchema).format === 'uri').map(([k]) => k)

/** The services' API keys: a placeholder copied from an example is refused like a bad URL. */
const SERVICE_KEYS = ['MEDIA_SERVER_API_KEY', 'SERIES_MANAGER_API_KEY', 'MOVIE_MANAGER_API_KEY', 'INDEXER_MANAGER_API_KEY', 'DOWNLOAD_MANAGER_API_KEY'] as const

function checkUrl (key: string, value: string, problems: string[]) {
  if (value === '') return
  try {
    const u = new URL(value)
    if (u.protocol !== 'http:' && u.protocol !== 'https:') problems.push(`${key}: "${value}" must be an http:// or https:// URL`)
  } catch {
    problems.push(`${key}: "${value}" is not a URL (expected e.g. http://host:port)`)
  }
}

function checkPassphrase (value: string, problems: string[]) {
  if (value === '' || [...value].length >= MIN_PASSPHRASE_LENGTH) return
  problems.push(`OAUTH_APPROVAL_PASSPHRASE: too short (${[...value].length} characters); use at least ${MIN_PASSPHRASE_LENGTH}, e.g. four random words`)
}

/**
 * Builds a complete, validated config from partial input (env strings or typed values).
 * Unknown keys are ignored when reading the environment, refused otherwise.
 */
export function buildConfig (input: Record<string, unknown> = {}, { fromEnv = false } = {}): Config {
  const known = Object.keys(ConfigSchema.properties)
  const problems: string[] = []
  const raw: Record<string, unknown> = {}
  const instanceVars: Record<string, string> = {}
  for (const [k, v] of Object.entries(input)) {
    // A built config given back (`{ ...config, PORT: 0 }`) carries its parsed instances: read them as their variables.
    if (k === 'instances' && typeof v === 'object' && v !== null) {
      for (const [name, value] of Object.entries(instanceVariables(v as ExtraInstances))) instanceVars[name] ??= value
      continue
    }
    if (!known.includes(k) && instanceVariable(k) && typeof v === 'string') {
      instanceVars[k] = v
      continue
    }
    if (!known.includes(k)) {
      if (!fromEnv) problems.push(`${k}: unknown setting`)
      continue
    }
    if (v === undefined) continue
    raw[k] = typeof v === 'string' ? v.trim() : v
  }
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, raw)) as Record<string, unknown>
  for (const err of Value.Errors(ConfigSchema, converted)) {
    if (err.type === ValueErrorType.StringFormat || err.type === ValueErrorType.StringFormatUnknown) continue // URLs: our own check below
    const key = err.path.replace(/^\//, '')
    const shown = (ConfigSchema.properties as Record<string, TSchema>)[key]?.secret ? '(hidden)' : JSON.stringify(err.value)
    const choices = (err.schema.anyOf as TSchema[] | undefined)?.map(c => c.const).filter(c => c !== undefined)
    const why = choices?.length ? `must be one of: ${choices.join(', ')}` : err.message.toLowerCase()
    problems.push(`${key}: ${shown} ${why}`)
  }
  for (const k of URL_KEYS) checkUrl(k, String(converted[k] ?? ''), problems)
  checkUrl('PUBLIC_URL', String(converted.PUBLIC_URL ?? ''), problems)
  // Parsed here once; pathMapFor(config) hands the same translator to every client.
  try { pathMapFor(converted as { PATH_MAP: string }) } catch (err) { problems.push((err as Error).message) }
  const trustProxy = trustProxyProblem(String(converted.TRUST_PROXY ?? ''))
  if (trustProxy) problems.push(trustProxy)
  checkPassphrase(String(converted.OAUTH_APPROVAL_PASSPHRASE ?? ''), problems)
  problems.push(...parseConfiguredClients(String(converted.OAUTH_CLIENTS ?? '')).problems)
  const instances = parseInstances(converted as Record<string, string>, instanceVars, problems)
  for (const [kind, list] of Object.entries(instances) as Array<[InstanceKindName, InstanceSettings[]]>) {
    for (const i of list) checkUrl(instanceSettingKey(kind, i.name, 'URL'), i.url, problems)
  }
  problems.push(...notifySettingsProblems(converted as { NOTIFY_URLS: string, NOTIFY_PEOPLE: string, NOTIFY_EVENTS: string, CHAT_BOT_TOKEN: string }))
  // --- requests (Seerr)
  problems.push(...requestUsersProblems(String(converted.REQUESTS_USERS ?? '')))
  for (const k of SERVICE_KEYS) {
    const problem = placeholderKeyProblem(k, String(converted[k] ?? ''))
    if (problem) problems.push(problem)
  }
  // --- usenet: the default client and each extra one, checked with their own variable names.
  const usenetVar = (setting: string) => `USENET_CLIENT_${setting}`
  problems.push(...usenetProblems({ TYPE: '', URL: '', API_KEY: '', USERNAME: '', PASSWORD: '', ...Object.fromEntries(['TYPE', 'URL', 'API_KEY', 'USERNAME', 'PASSWORD'].map(k => [k, String(converted[usenetVar(k)] ?? '')])) }, usenetVar))
  if (instances.usenet.length > 0 && String(converted.USENET_CLIENT_TYPE ?? '') === '') problems.push('USENET_CLIENT_INSTANCES: extra Usenet clients need the default one first; set USENET_CLIENT_TYPE and USENET_CLIENT_URL')
  for (const i of instances.usenet) problems.push(...usenetProblems({ ...i.settings, URL: i.url } as never, s => instanceSettingKey('usenet', i.name, s)))
  if (problems.length > 0) throw new ConfigError([...new Set(problems)])
  const config = converted as Config & { instances: ExtraInstances }
  config.instances = instances
  if (config.PUBLIC_URL === '') config.PUBLIC_URL = `http://localhost:${config.PORT}`
  config.PUBLIC_URL = config.PUBLIC_URL.replace(/\/+$/, '')
  return config
}

export function loadConfig (env: NodeJS.ProcessEnv = process.env): Config {
  return buildConfig(env as Record<string, unknown>, { fromEnv: true })
}

/** Splits a comma-separated setting into trimmed, non-empty items. */
export function listSetting (value: string): string[] {
  return value.split(',').map(s => s.trim()).filter(s => s.length > 0)
}
