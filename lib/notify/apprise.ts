// Schemes spoken by the `apprise` program (Debian ships 1.2: `apt install apprise`). The URL is a secret, so it
// never goes on the command line, where any local user could read it in the process list: it is written to a
// configuration file only we can read (a fresh 0700 folder, file 0600, removed after), the message body is
// written to stdin (`apprise` reads the body from stdin when -b is not given), and the child gets the minimal
// environment (lib/process/env.ts).
import { mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ProcessError, runProcess } from '../../core/process/run.js'
import type { Message } from '../../core/notify/types.js'
import { renderNotice } from '../../core/notify/render.js'

export class AppriseMissing extends Error {}

export interface AppriseOptions {
  /** The program (default `apprise` on PATH). */
  bin?: string
  timeoutMs?: number
  signal?: AbortSignal
}

/** Sends one message to one URL through `apprise`; throws an Error whose message is safe to show. */
export async function sendWithApprise (url: string, m: Message, o: AppriseOptions = {}): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mediastack-notify-'))
  try {
    const config = join(dir, 'apprise.txt')
    await writeFile(config, `${url}\n`, { mode: 0o600 })
    const shown = renderNotice('apprise', m)
    // --config replaces Apprise's default configuration files; -n is one of its four types.
    await runProcess(o.bin ?? 'apprise', ['--config', config, '--title', shown.title, '--notification-type', m.type ?? 'info', '--input-format', 'text'], {
      input: shown.body, timeoutMs: o.timeoutMs ?? 30_000, signal: o.signal, label: 'apprise', env: { HOME: dir }
    })
  } catch (err) {
    if (err instanceof ProcessError && err.reason === 'not_found') {
      throw new AppriseMissing('this scheme is sent by the apprise program, which is not installed (Debian/Ubuntu: apt install apprise; or pip install apprise), or use an ntfy, gotify, discord or json URL')
    }
    if (err instanceof ProcessError) {
      // Its output may quote the URL: only the exit status is passed on.
      throw new Error(err.reason === 'exit_code' ? `apprise could not deliver it (exit code ${err.result.exitCode}; run apprise -vv by hand to see why)` : `apprise ${err.reason.replace('_', ' ')}`)
    }
    throw err
  } finally {
    // File by file, never a recursive remove: the URL file, then the folder (left behind if apprise wrote more).
    await rm(join(dir, 'apprise.txt'), { force: true })
    await rmdir(dir).catch(() => {})
  }
}
