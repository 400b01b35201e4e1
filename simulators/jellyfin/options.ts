// The Jellyfin simulator's options and how it reads a caller's token: shared by the simulator and its
// first-run setup routes without either importing the other's entry point.
import type { SeedLibrary } from '../fixtures/library.js'

export interface JellyfinSimulatorOptions {
  /** The API key the simulator accepts. */
  apiKey: string
  /** Seed for the generated library (default 1); ignored when `library` is given. */
  seed?: number
  library?: SeedLibrary
  /** Also accept the legacy X-Emby-Token / api_key forms (on by default in 10.11, off in 12). Default true, as 10.11. */
  legacyAuth?: boolean
  /** How long a library scan takes (ms, default 30). */
  scanMs?: number
  /** Port to listen on (default 0: any free port). */
  port?: number
  /** How long a started scheduled task stays Running (ms, default 50). */
  taskMs?: number
  /** Serve sign-in and API-key management for first-run setup (default true). */
  setupRoutes?: boolean
  /** Whether a folder exists as the server sees it, for library creation (default: every folder does). */
  pathExists?: (path: string) => boolean
  /**
   * Whether a movie or episode file still exists as the server sees it: a library scan removes the items whose
   * file is gone (default: every file does, and scans remove nothing).
   */
  fileExists?: (path: string) => boolean
  /**
   * What the library folders hold now, as a seed library: a scan adds the movies and episodes it does not list
   * yet, as a real scan finds new files (default: nothing new is ever found, only `state.staged`).
   */
  discover?: () => SeedLibrary
  /**
   * Check every request and answer against the OpenAPI contract (default true). The large-library bench turns
   * it off: the checks are the test suite's, and they would add the simulator's own cost to the timings.
   */
  validate?: boolean
  /** Plain test passwords by user name for sign-in (default admin: "admin-password", family: "family-password"). */
  passwords?: Record<string, string>
}

/** Reads the token from `Authorization: MediaBrowser k="v", …` (values URL-encoded, quotes optional). */
export function tokenFromAuthorization (header: string | undefined, schemes = ['mediabrowser']): string | undefined {
  if (!header) return undefined
  const space = header.indexOf(' ')
  if (space < 0 || !schemes.includes(header.slice(0, space).toLowerCase())) return undefined
  for (const part of header.slice(space + 1).split(',')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim().toLowerCase() !== 'token') continue
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1')
    try { return decodeURIComponent(value) } catch { return value }
  }
  return undefined
}
