// An audit entry as a person reads it in a row: the tool and its action, what it acted on (the titles or paths
// of its targets, not only ids), and the outcome in plain words. Shared by activity_log's server view and the
// dashboard's "Who did what" panel, so both say the same thing.
import { targetLines } from '../confirm/target-lines.js'
import type { AuditEntry, AuditOutcome } from './store.js'

export const OUTCOME_WORDS: Record<AuditOutcome, string> = {
  ok: 'done',
  declined: 'declined by the person',
  refused: 'refused',
  error: 'failed',
  pending: 'running',
  interrupted: 'interrupted (the server stopped)'
}

/** At most this many target names in a row; the rest is counted. */
const NAMES_SHOWN = 3
const MAX_NAME = 120

/** The name part of a target line: "movies/Heat (1995) (sizeBytes: 1, files: 2)" → "movies/Heat (1995)". */
function nameOf (line: string): string {
  const name = line.replace(/ \((?:[^()]*: [^()]*)\)$/, '')
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}…` : name
}

/** "manage_files delete movies/Heat (1995), movies/Alien (1979) and 2 more". */
export function whatOf (e: Pick<AuditEntry, 'action' | 'args' | 'targets'>): string {
  const args = e.args as Record<string, unknown> | undefined
  const action = typeof args?.action === 'string' ? ` ${args.action}` : ''
  // A person's confirmation stores the lines they were shown; a token's preview its targets as data.
  const lines = Array.isArray(e.targets) && e.targets.every(x => typeof x === 'string') ? e.targets as string[] : e.targets === undefined ? [] : targetLines(e.targets, 50)
  const names = lines.map(nameOf).filter(Boolean)
  const shown = names.slice(0, NAMES_SHOWN).join(', ')
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : ''
  return `${e.action}${action}${shown ? ` ${shown}${more}` : ''}`
}

/** "manage_files delete movies/Heat (1995): declined by the person". */
export function summaryOf (e: Pick<AuditEntry, 'action' | 'args' | 'targets' | 'outcome'>): string {
  return `${whatOf(e)}: ${OUTCOME_WORDS[e.outcome] ?? e.outcome}`
}
