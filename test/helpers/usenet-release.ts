// A Usenet release as posters make them: the file packed in a 7-Zip archive with par2 recovery files (Debian's
// par2), posted to the test NNTP server (nntp-server.ts), and the .nzb listing its articles.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { nzbDocument, type NntpServer, type PostedFile } from './nntp-server.js'

export interface Release { name: string, nzb: string, posted: PostedFile[], content: Buffer, fileName: string }

/**
 * Packs `content` as `<name>/<fileName>` into <name>.7z with par2 files (10 % recovery) and posts them.
 * `par`: all (index and recovery volumes), index (verification without repair blocks) or none.
 */
export function postRelease (nntp: NntpServer, dir: string, name: string, fileName: string, content: Buffer, { par = 'all' as 'all' | 'index' | 'none' } = {}): Release {
  const src = join(dir, name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, fileName), content)
  execFileSync('7z', ['a', '-mx0', join(src, `${name}.7z`), join(src, fileName)], { stdio: 'ignore' })
  execFileSync('par2', ['create', '-q', '-q', '-r10', '-n2', join(src, `${name}.par2`), join(src, `${name}.7z`)], { stdio: 'ignore' })
  const files = readdirSync(src).filter(f => f !== fileName).filter(f => par === 'all' || (par === 'index' ? !/\.vol\d/.test(f) : !f.endsWith('.par2'))).sort()
  const posted = nntp.post(files.map(f => ({ name: f, data: readFileSync(join(src, f)) })), name)
  return { name, nzb: nzbDocument(posted), posted, content, fileName }
}
