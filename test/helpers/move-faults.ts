// Shared by the server-level move fault tests: roots with the media root on another filesystem (/dev/shm) than
// the downloads root, a 16-file folder to move, the real server in a child process with an MCP client.
import type { Test } from 'tap'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectClient } from './mcp-client.js'
import { startServerChild, type ServerChildOptions } from './server-child.js'

export const FILES = 16
export const SHM = '/dev/shm'
export const otherFs = (() => { try { return statSync(SHM).dev !== statSync(tmpdir()).dev } catch { return false } })()
export const names = Array.from({ length: FILES }, (_, i) => `part${String(i + 1).padStart(2, '0')}.mkv`)
export const content = (name: string) => Buffer.alloc(100_000, name)

export interface Call { isError?: boolean, content: Array<{ type: string, text?: string }>, structuredContent?: Record<string, any> }
export const text = (r: Call) => r.content.map(c => c.text ?? '').join('\n')

export function roots (t: Test, mediaBase: string) {
  const base = mkdtempSync(join(tmpdir(), 'msmcp-faults-'))
  const media = mkdtempSync(join(mediaBase, 'msmcp-faults-media-'))
  t.teardown(() => { rmSync(base, { recursive: true, force: true }); rmSync(media, { recursive: true, force: true }) })
  const downloads = join(base, 'downloads')
  const state = join(base, 'state')
  for (const d of [downloads, state, join(media, 'movies')]) mkdirSync(d, { recursive: true })
  return { media, downloads, state }
}

export function batch (downloads: string, folder: string) {
  mkdirSync(join(downloads, folder))
  for (const n of names) writeFileSync(join(downloads, folder, n), content(n))
}

export const visible = (dir: string) => existsSync(dir) ? readdirSync(dir).filter(n => !n.startsWith('.')).sort() : []

export async function server (t: Test, o: ServerChildOptions) {
  return await heldServer(t, o).start()
}

/**
 * The next server of a restart, loading its modules already (most of a start) while the one before still runs;
 * start() starts it on the state dir as the one before left it (call it once that one has exited).
 */
export function heldServer (t: Test, o: ServerChildOptions) {
  const s = startServerChild({ ...o, held: true })
  t.teardown(() => { if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL') })
  s.url.catch(() => {})
  return {
    async start () {
      s.release()
      const { client } = await connectClient(await s.url)
      const call = async (name: string, args: Record<string, unknown>) => await client.callTool({ name, arguments: args }) as Call
      return { ...s, client, call }
    }
  }
}

/** Starts the move and resolves once at least three files have arrived at the destination. */
export async function moveUntilThree (call: (n: string, a: Record<string, unknown>) => Promise<Call>, dest: string, folder: string) {
  const answer = call('manage_files', { action: 'move', paths: [`downloads/${folder}`], destination: 'movies', waitSeconds: 110 })
  answer.catch(() => {})
  for (let i = 0; i < 1_500 && visible(join(dest, folder)).length < 3; i++) await new Promise(resolve => setTimeout(resolve, 20))
  return { answer }
}

export function assertWhole (t: Test, dir: string) {
  t.same(visible(dir), names, `all ${FILES} files are in ${dir}`)
  for (const n of visible(dir)) t.same(readFileSync(join(dir, n)), content(n), `${n} is whole`)
  t.same(readdirSync(dir).filter(n => n.startsWith('.')), [], 'no temp leftovers')
}

/** "3 of 16 files of downloads/Batch are in movies/Batch; 13 are still in downloads/Batch" with the real counts. */
export function assertAccount (t: Test, message: string, folder: string, dest: string, downloads: string, jobId: string) {
  // A file at both places (killed between publishing the copy and removing the source) counts as not yet moved.
  const left = visible(join(downloads, folder)).length
  const there = visible(join(dest, folder)).filter(n => !existsSync(join(downloads, folder, n))).length
  t.ok(there > 0 && left > 0, `the move stopped part-way (${there} moved, ${left} left)`)
  t.equal(there + left, FILES, 'every file is at one place or the other')
  t.match(message, `${there} of ${FILES} files of downloads/${folder} are in movies/${folder}`)
  t.match(message, `${left} are still in downloads/${folder}`)
  t.match(message, 'send the same manage_files move again (the same paths and destination)')
  t.match(message, `manage_files {"action":"undo","jobId":"${jobId}"}`)
  t.notMatch(message, /delete/i, 'never advises deleting what the job moved')
}
