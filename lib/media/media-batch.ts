// The shared shape of fix_subtitles and optimize_media: find the media files under a path, probe each,
// ask a planner what to change, show that as a preview bound to each file's size, mtime and inode, and later
// apply exactly the previewed plans in a job, one file at a time, re-probing each file first so a file
// that changed since the preview is skipped rather than rewritten on stale information.
import { lstat } from 'node:fs/promises'
import { posix } from 'node:path'
import type { JobHandle } from '../../core/job-types.js'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { ToolError } from '../../core/errors.js'
import { isOurTempName } from '../fs/temp-names.js'
import { walk } from '../library/walk.js'
import { probeMedia, type MediaInfo, type MediaStream } from './probe.js'
import { containerFor, rewriteMedia, verifyRewrite, type RewritePlan, type RewriteTools } from './rewrite.js'
import { codeOf } from '../fs/durable.js'
import { describeStream } from './track-plan.js'
import { callText } from '../answers/next-calls.js'
import { listFolder } from '../answers/common-calls.js'

export const MAX_FILES = 500

/** What a planner decides for one file: nothing to do, a refusal, or a rewrite. */
export type FilePlan = { skip: string } | { refusal: string } | (RewritePlan & { changes: string[] })

export type Planner = (info: MediaInfo) => FilePlan

export interface PlannedFile {
  path: string
  size: number
  modified: number
  /** Device and inode: a file replaced by another of the same size and mtime is not the one previewed. */
  dev: number
  ino: number
  /** Streams as they are now ("#1 audio aac jpn"), to bind the plan to what was seen. */
  tracks: string[]
  changes: string[]
  keep: number[]
  toSrt: number[]
}

export interface BatchPreview {
  files: PlannedFile[]
  /** Files left alone; `tracks` (as in PlannedFile) when the file could be read. */
  skipped: Array<{ path: string, reason: string, tracks?: string[] }>
  refused: Array<{ path: string, reason: string }>
}

export async function findMediaFiles (abs: string, accept: (file: string) => boolean, signal?: AbortSignal): Promise<string[]> {
  const st = await lstat(abs)
  if (!st.isDirectory()) return accept(abs) ? [abs] : []
  const files: string[] = []
  await walk(abs, e => {
    if (e.name.startsWith('.') || isOurTempName(e.name)) return 'skip'
    if (e.kind === 'file' && accept(e.path)) files.push(e.path)
  }, { noStat: true, signal })
  if (files.length > MAX_FILES) throw new ToolError(`${files.length} media files found; at most ${MAX_FILES} per call. Pick a smaller folder (e.g. one show or season).`)
  return files
}

export async function previewBatch (sandbox: PathSandbox, ffprobe: string, files: string[], planner: Planner, signal?: AbortSignal): Promise<BatchPreview> {
  const preview: BatchPreview = { files: [], skipped: [], refused: [] }
  for (const abs of files) {
    const path = sandbox.display(abs)
    const st = await lstat(abs)
    let info: MediaInfo
    try {
      info = await probeMedia(ffprobe, abs, signal)
    } catch (err) {
      if (!(err instanceof ToolError)) throw err
      preview.skipped.push({ path, reason: err.message })
      continue
    }
    const plan = planner(info)
    if ('skip' in plan) preview.skipped.push({ path, reason: plan.skip, tracks: info.streams.map(describeStream) })
    else if ('refusal' in plan) preview.refused.push({ path, reason: plan.refusal })
    else {
      preview.files.push({
        path,
        size: st.size,
        modified: st.mtimeMs,
        dev: st.dev,
        ino: st.ino,
        tracks: info.streams.map(describeStream),
        changes: plan.changes,
        keep: plan.keep.map(s => s.index),
        toSrt: plan.toSrt ?? []
      })
    }
  }
  return preview
}

export interface BatchResult {
  done: Array<{ path: string, changes: string[] }>
  /** Files left alone; `tracks` (as in PlannedFile) when the file could be read. */
  skipped: Array<{ path: string, reason: string, tracks?: string[] }>
}

export function estimateBatchMs (files: PlannedFile[]): number {
  // Stream copy runs at disk speed; 150 MB/s plus a second per file for probing and verification.
  return files.reduce((ms, f) => ms + 1000 + f.size / 150_000, 0)
}

export async function runBatchJob (job: JobHandle, sandbox: PathSandbox, tools: RewriteTools, files: PlannedFile[]): Promise<BatchResult> {
  const result: BatchResult = { done: [], skipped: [] }
  for (let i = 0; i < files.length; i++) {
    const f = files[i]
    const report = (p: number) => job.progress(((i + p / 100) / files.length) * 100, `${f.path} (${i + 1}/${files.length})`)
    report(0)
    let seen: { abs: string, info: MediaInfo, plan: RewritePlan } | undefined
    try {
      const abs = await sandbox.resolve(f.path)
      await sandbox.recheck(abs)
      const st = await lstat(abs)
      const info = await probeMedia(tools.ffprobe, abs, job.signal)
      if (st.size !== f.size || st.mtimeMs !== f.modified || st.dev !== f.dev || st.ino !== f.ino || info.streams.map(describeStream).join('|') !== f.tracks.join('|')) {
        result.skipped.push({ path: f.path, reason: 'changed since the preview; run the tool again for a fresh preview' })
        continue
      }
      const byIndex = new Map<number, MediaStream>(info.streams.map(s => [s.index, s]))
      seen = { abs, info, plan: { keep: f.keep.map(i => byIndex.get(i)!), toSrt: f.toSrt } }
      await rewriteMedia(abs, info, seen.plan, tools, {
        signal: job.signal,
        onProgress: report,
        guard: p => sandbox.recheck(p)
      })
      result.done.push({ path: f.path, changes: f.changes })
    } catch (err) {
      if (job.signal.aborted) throw err
      if (err instanceof ToolError) { result.skipped.push({ path: f.path, reason: err.message }); continue }
      // A file-system error (the replace refused, a disk error) is not a bug: the file as it is now says what happened.
      if (!seen || codeOf(err) === undefined) throw err
      const after = await lookAfterRewrite(tools, f, seen, codeOf(err)!, job.signal)
      if (after === 'rewritten') result.done.push({ path: f.path, changes: f.changes })
      else result.skipped.push({ path: f.path, reason: after })
    }
  }
  job.progress(100, `${result.done.length} of ${files.length} file(s) rewritten`)
  return result
}

/**
 * Issue 34 item 9: a rewrite that ended in a file-system error is judged by what is at the path now: the file
 * the preview saw (nothing changed), the verified rewrite (its answer was lost after the replace), or neither.
 */
async function lookAfterRewrite (tools: RewriteTools, f: PlannedFile, seen: { abs: string, info: MediaInfo, plan: RewritePlan }, code: string, signal: AbortSignal): Promise<'rewritten' | string> {
  const st = await lstat(seen.abs).catch((err: unknown) => err as NodeJS.ErrnoException)
  if (st instanceof Error) return `the rewrite stopped (${code}) and the file cannot be found or read now (${st.code ?? 'error'}); see its folder: ${callText(listFolder(posix.dirname(f.path)))}`
  if (st.size === f.size && st.mtimeMs === f.modified && st.dev === f.dev && st.ino === f.ino) {
    return `could not be replaced (${code}); the original is unchanged, as previewed. Fix the cause and run the tool again`
  }
  const now = await probeMedia(tools.ffprobe, seen.abs, signal).catch(() => undefined)
  try {
    if (now) {
      verifyRewrite(seen.info, now, seen.plan)
      return 'rewritten'
    }
  } catch {}
  return `the rewrite stopped (${code}) and the file is no longer the one previewed, nor the rewritten one; look at it before running the tool again`
}

export function isRewritable (file: string): boolean {
  return containerFor(file) !== undefined
}
