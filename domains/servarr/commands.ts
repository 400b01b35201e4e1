// Runs a manager command and waits (bounded) for it to finish, so tools can report the outcome.
import type { ServarrCore } from '../../clients/servarr/core.js'
import type { Command } from '../../clients/servarr/types.js'

export async function runCommand (client: ServarrCore, body: { name: string, [k: string]: unknown }, waitSeconds: number, signal?: AbortSignal): Promise<{ command: Command, finished: boolean }> {
  const started = await client.command(body)
  if (waitSeconds <= 0) return { command: started, finished: false }
  const command = await client.waitForCommand(started.id, { timeoutMs: waitSeconds * 1000, signal })
  return { command, finished: ['completed', 'failed', 'aborted', 'cancelled', 'orphaned'].includes(command.status ?? '') }
}
