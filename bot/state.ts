// What the bot keeps across restarts: the jobs it watches for someone (STATE_DIR/bot-state.json), written
// atomically (temp file, fsync, rename, directory fsync) so a crash leaves the old or the new file.
// Conversation history and open confirmations live in memory only.
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { writeJsonAtomic } from '../lib/fs/atomic-json.js'
import type { BotLogger } from './log.js'

const WatchedJobSchema = Type.Object({
  chatId: Type.Integer(),
  userId: Type.Integer(),
  jobId: Type.String({ minLength: 1, maxLength: 128 }),
  tool: Type.String({ maxLength: 128 }),
  since: Type.String()
})

const StateSchema = Type.Object({
  version: Type.Literal(1),
  jobs: Type.Array(WatchedJobSchema)
})

export type WatchedJob = Static<typeof WatchedJobSchema>

export const STATE_FILE = 'bot-state.json'

export function createBotState (stateDir: string, log: BotLogger) {
  const file = join(stateDir, STATE_FILE)
  let last: Promise<void> = Promise.resolve()
  let queued: Promise<void> | undefined
  let latest: WatchedJob[] = []

  async function load (): Promise<WatchedJob[]> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw new Error(`Cannot read ${file}: ${(err as Error).message}. Fix the permissions of STATE_DIR.`)
    }
    try {
      const data: unknown = JSON.parse(text)
      if (!Value.Check(StateSchema, data)) throw new Error('unexpected layout')
      latest = data.jobs
      return data.jobs
    } catch (err) {
      // A damaged file must not keep the bot down: set it aside and start without watched jobs.
      const aside = `${file}.corrupt-${Date.now()}`
      await rename(file, aside).catch(() => {})
      log.warn({ file: aside, reason: (err as Error).message }, 'bot state file was unreadable; moved aside, watching no jobs')
      return []
    }
  }

  /** Saves the list; writes are serialized and coalesced (the queued write takes the latest list). */
  function save (jobs: WatchedJob[]): Promise<void> {
    latest = jobs.map(j => ({ ...j }))
    if (queued) return queued
    const run = last.then(() => {
      queued = undefined
      return writeNow(latest)
    })
    queued = run
    last = run.catch(err => { log.error({ err }, 'could not save the bot state; watched jobs may be forgotten on restart') })
    return run
  }

  async function writeNow (jobs: WatchedJob[]) {
    await writeJsonAtomic(file, { version: 1, jobs })
  }

  return { file, load, save, flush: () => last }
}

export type BotState = ReturnType<typeof createBotState>
