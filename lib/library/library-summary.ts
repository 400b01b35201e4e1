// The whole-library summary: per top folder (movies, tv, anime, music, … and the downloads root) the
// number of titles (direct subfolders), files by kind and bytes. One fast walk per folder (see walk.ts).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { isOurTempName } from '../fs/temp-names.js'
import { fileKind } from './media-kinds.js'
import { scanTree } from './find-scan.js'

export interface FolderSummary {
  folder: string
  titles: number
  files: number
  videoFiles: number
  subtitleFiles: number
  audioFiles: number
  bytes: number
  /** Our own leftover temporary files (cleanup_server removes old ones). */
  tempFiles: number
}

export async function summarizeFolder (abs: string, name: string, signal?: AbortSignal): Promise<FolderSummary> {
  const s: FolderSummary = { folder: name, titles: 0, files: 0, videoFiles: 0, subtitleFiles: 0, audioFiles: 0, bytes: 0, tempFiles: 0 }
  await scanTree(abs, e => {
    if (e.depth === 1 && e.kind === 'dir') s.titles++
    if (e.kind !== 'file') return
    s.files++
    s.bytes += e.size
    if (isOurTempName(e.name)) { s.tempFiles++; return }
    const kind = fileKind(e.name)
    if (kind === 'video') s.videoFiles++
    else if (kind === 'subtitle') s.subtitleFiles++
    else if (kind === 'audio') s.audioFiles++
  }, signal)
  return s
}

/** Summaries of every top folder of the media root, then the downloads root. */
export async function summarizeLibrary (mediaRoot: string, downloadsRoot: string | undefined, signal?: AbortSignal): Promise<FolderSummary[]> {
  const out: FolderSummary[] = []
  const tops = readdirSync(mediaRoot, { withFileTypes: true }).filter(d => d.isDirectory() && !d.name.startsWith('.')).map(d => d.name).sort()
  for (const top of tops) out.push(await summarizeFolder(join(mediaRoot, top), top, signal))
  if (downloadsRoot) out.push(await summarizeFolder(downloadsRoot, 'downloads', signal))
  return out
}
