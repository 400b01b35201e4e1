// Names of the server's own temporary files. Every partial copy and every ffmpeg output is written under
// such a name in the target folder and renamed into place only once complete, so a crash leaves at most a
// recognisable leftover (which cleanup_server removes once it is old) and never a half-written final file.
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'

export const TEMP_MARK = '.msmcp.tmp'

/** A fresh temp path beside `finalPath`: hidden, unique, and marked as ours. */
export function tempPathFor (finalPath: string): string {
  return join(dirname(finalPath), `.${stemOf(basename(finalPath))}.${randomBytes(6).toString('hex')}${TEMP_MARK}`)
}

// Keep the name short enough for 255-byte file-name limits even when the final name is long.
function stemOf (name: string): string {
  return Buffer.byteLength(name) > 180 ? name.slice(0, 60) : name
}

/** True for a temp name tempPathFor gives `finalName` (a partial copy of that file). */
export function isTempFor (name: string, finalName: string): boolean {
  return isOurTempName(name) && name.startsWith(`.${stemOf(finalName)}.`) && name.length === stemOf(finalName).length + 2 + 12 + TEMP_MARK.length
}

/** True for names this server creates as temporaries (see tempPathFor). */
export function isOurTempName (name: string): boolean {
  return name.startsWith('.') && name.endsWith(TEMP_MARK) && /\.[0-9a-f]{12}\.msmcp\.tmp$/.test(name)
}
