// Rescanning folders on disk, shared by series_rescan and movie_rescan: the wait input, and running the
// manager's rescan command with a sentence about how it went.
import { Type } from '@sinclair/typebox'
import type { ServarrCore } from '../../clients/servarr/core.js'
import { runCommand } from './commands.js'
import { toCommand } from './items.js'

export const RESCAN_INPUTS = {
  waitSeconds: Type.Integer({ minimum: 0, maximum: 60, default: 15, description: 'Seconds to wait (0: return at once)' })
}

/** Runs the rescan command; `what` names the scope in the summary ("all movies", "Show"). */
export async function runRescan (client: ServarrCore, body: { name: string, [k: string]: unknown }, waitSeconds: number, signal: AbortSignal, what: string) {
  const { command, finished } = await runCommand(client, body, waitSeconds, signal)
  const summary = finished
    ? `Rescan of ${what} ${command.status}${command.message ? `: ${command.message}` : ''}.`
    : `Rescan of ${what} started (command ${command.id}, ${command.status}).`
  return { command: toCommand(command), finished, summary }
}
