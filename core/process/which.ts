// Finds an executable the way execvp would (a name is looked up on PATH, a path is checked as is),
// so a tool can say "yt-dlp is not installed: set YTDLP_PATH" before it queues anything.
import { access, constants } from 'node:fs/promises'
import { delimiter, isAbsolute, join } from 'node:path'

export async function findExecutable (file: string, envPath = process.env.PATH ?? ''): Promise<string | undefined> {
  if (file.length === 0) return undefined
  const candidates = file.includes('/') ? [file] : envPath.split(delimiter).filter(Boolean).map(dir => join(dir, file))
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK)
      return isAbsolute(candidate) ? candidate : join(process.cwd(), candidate)
    } catch {}
  }
  return undefined
}
