// OAUTH_STORE=file: the memory store, persisted after every change to STATE_DIR/oauth-store.json so a
// restart keeps clients signed in. The file holds hashes only (no token or secret can be read back
// from it), is written atomically (tmp + fsync + rename + directory fsync) with mode 0600.
// Authorization codes (60 s) and pending approvals are not persisted.
import { readFile, rename, chmod } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { writeFileAtomic } from '../../lib/fs/atomic-write.js'
import { MemoryOAuthStore, type StoreSnapshot } from './store.js'

const FILE_VERSION = 1

export class FileOAuthStore extends MemoryOAuthStore {
  override readonly kind = 'file' as const
  private queued: Promise<void> | undefined
  private last: Promise<void> = Promise.resolve()

  constructor (readonly file: string, lifetimes: { unusedClient: number, refresh: number }, private readonly log: FastifyBaseLogger) {
    super(lifetimes)
  }

  static async open (stateDir: string, lifetimes: { unusedClient: number, refresh: number }, log: FastifyBaseLogger) {
    const store = new FileOAuthStore(join(stateDir, 'oauth-store.json'), lifetimes, log)
    await store.load()
    return store
  }

  private async load () {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
      throw new Error(`Cannot read the OAuth store ${this.file}: ${(err as Error).message}. Fix its permissions or set OAUTH_STORE=memory.`)
    }
    try {
      const data = JSON.parse(text) as { version?: number } & Partial<StoreSnapshot>
      if (data.version !== FILE_VERSION || !Array.isArray(data.clients) || !Array.isArray(data.tokens)) throw new Error('unexpected layout')
      this.restore({ clients: data.clients, tokens: data.tokens })
      await chmod(this.file, 0o600)
    } catch (err) {
      // A damaged store must not keep the server down: set it aside and start empty (clients sign in again).
      const aside = `${this.file}.corrupt-${Date.now()}`
      await rename(this.file, aside).catch(() => {})
      this.log.warn({ file: aside, reason: (err as Error).message }, 'OAuth store file was unreadable; moved aside, starting with no clients')
    }
  }

  protected override changed (): Promise<void> {
    // Coalesce: one write in flight and at most one queued; the queued write snapshots when it starts,
    // so it includes every change made before it began.
    if (this.queued) return this.queued
    const run = this.last.then(() => {
      this.queued = undefined
      return this.writeNow()
    })
    this.queued = run
    this.last = run.catch(() => {})
    return run
  }

  private async writeNow () {
    const body = JSON.stringify({ version: FILE_VERSION, ...this.snapshot() })
    // Temp file, fsync, rename, directory fsync; a failed write leaves no temp file (lib/fs/atomic-write.ts).
    await writeFileAtomic(this.file, body)
  }

  override async close () {
    await this.last
  }
}
