// optimize_media: shows the tracks of media files and strips unwanted audio and subtitle languages.
// analyze is read-only; strip rewrites files, so it previews first and needs the confirmToken.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { ToolError } from '../../../core/errors.js'
import { JOB_KINDS, JobSummarySchema, defineJobKinds, jobNext, jobSentence, startJobAndWait } from '../../../lib/library/run-job.js'
import { NEXT_FIELD } from '../../../lib/answers/next-calls.js'
import { canonicalLanguages } from '../../../lib/media/language-args.js'
import { LANGUAGE_PATTERN } from '../../../lib/media/languages.js'
import { estimateBatchMs, findMediaFiles, isRewritable, previewBatch, runBatchJob, type BatchPreview, type Planner } from '../../../lib/media/media-batch.js'
import { describeStream, planTracks } from '../../../lib/media/track-plan.js'

const SHOWN = 100

const inputSchema = Type.Object({
  action: Type.Union([Type.Literal('analyze'), Type.Literal('strip')], { description: 'analyze (read-only) or strip' }),
  path: Type.String({ minLength: 1, maxLength: 4096, description: 'MKV/MP4 file or folder (recursive, at most 500 files)' }),
  audioLanguages: Type.Array(Type.String({ pattern: LANGUAGE_PATTERN }), { maxItems: 20, default: [], description: 'Audio languages to keep (ISO 639); empty keeps all' }),
  subtitleLanguages: Type.Array(Type.String({ pattern: LANGUAGE_PATTERN }), { maxItems: 20, default: [], description: 'Subtitle languages to keep; empty keeps all' }),
  keepUndetermined: Type.Boolean({ default: true, description: 'Keep tracks without a language tag' }),
  waitSeconds: Type.Integer({ minimum: 0, maximum: 120, default: 20, description: 'strip: seconds to wait for the job' })
}, { additionalProperties: false })

const Planned = Type.Object({
  path: Type.String({ description: 'The file' }),
  tracks: Type.Array(Type.String(), { description: 'Its tracks now ("#1 audio aac jpn default")' }),
  changes: Type.Array(Type.String(), { description: 'Tracks strip would remove (or removed)' })
})
const Skip = Type.Object({
  path: Type.String({ description: 'The file' }),
  reason: Type.String({ description: 'Why it is left alone' }),
  tracks: Type.Optional(Type.Array(Type.String(), { description: 'Its tracks, when the file could be read' }))
})

const outputSchema = Type.Object({
  action: Type.String({ description: 'The action performed' }),
  files: Type.Array(Planned, { description: `Files with tracks to remove (at most ${SHOWN} shown)` }),
  fileCount: Type.Integer({ description: 'How many files have tracks to remove' }),
  unchanged: Type.Array(Skip, { description: 'Files that need no change or cannot be processed' }),
  refused: Type.Array(Skip, { description: 'Files whose plan was refused (it would remove every audio track)' }),
  job: Type.Optional(JobSummarySchema),
  ...NEXT_FIELD
}, { additionalProperties: false })

export default function optimizeMedia (app: FastifyInstance) {
  defineJobKinds(app.jobs)
  const sandbox = app.sandbox
  // MKVs are rewritten with mkvtoolnix when installed (exact subtitle timing, fast remux), else with ffmpeg.
  const tools = { ffmpeg: app.config.FFMPEG_PATH, ffprobe: app.config.FFPROBE_PATH, mkvmerge: app.config.MKVMERGE_PATH }

  async function analyze (args: { path: string, audioLanguages: string[], subtitleLanguages: string[], keepUndetermined: boolean }, signal: AbortSignal): Promise<BatchPreview> {
    const opts = {
      audio: canonicalLanguages('audioLanguages', args.audioLanguages),
      subtitles: canonicalLanguages('subtitleLanguages', args.subtitleLanguages),
      keepUndetermined: args.keepUndetermined
    }
    const planner: Planner = info => {
      const plan = planTracks(info, opts)
      if (plan.refusal) return { refusal: plan.refusal }
      if (plan.drop.length === 0) return { skip: 'no track to remove' }
      return { keep: plan.keep, changes: plan.drop.map(s => `remove ${describeStream(s)}`) }
    }
    const abs = await sandbox.resolve(args.path)
    await sandbox.mustExist(abs, args.path)
    const files = await findMediaFiles(abs, isRewritable, signal)
    if (files.length === 0) throw new ToolError(`No MKV or MP4 files under ${sandbox.display(abs)}.`)
    return await previewBatch(sandbox, tools.ffprobe, files, planner, signal)
  }

  const view = (p: BatchPreview) => ({
    files: p.files.slice(0, SHOWN).map(f => ({ path: f.path, tracks: f.tracks, changes: f.changes })),
    fileCount: p.files.length,
    unchanged: p.skipped.slice(0, SHOWN),
    refused: p.refused
  })

  return defineTool({
    name: 'optimize_media',
    title: 'Analyze and strip media tracks',
    description: 'Audio and subtitle tracks of MKV/MP4 files: analyze (read-only) or strip unwanted languages without re-encoding (preview + confirmToken, then a background job, check_jobs). A file never loses all audio; each is verified in a temp copy before it replaces the original.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    hasEffects: args => args.action !== 'analyze',
    taskSupport: 'optional',
    guards: { paths: ['path'] },
    confirm: {
      required: args => args.action === 'strip',
      preview: async (args, ctx) => {
        const p = await analyze(args, ctx.signal)
        if (p.refused.length > 0) {
          throw new ToolError(`Refused: ${p.refused.length} file(s) would be left without any audio track (${p.refused.slice(0, 3).map(r => `${r.path}: ${r.reason}`).join('; ')}). Nothing was changed. Add the file's audio language to audioLanguages, or pick a narrower path.`)
        }
        if (p.files.length === 0) throw new ToolError(`Nothing to strip under ${args.path}: no file has tracks outside the languages to keep.`)
        const tracks = p.files.reduce((n, f) => n + f.changes.length, 0)
        return { summary: `Remove ${tracks} track(s) from ${p.files.length} file(s).`, targets: p }
      }
    },
    handler: async (args, ctx) => {
      if (args.action === 'analyze') {
        const p = await analyze(args, ctx.signal)
        return {
          data: { action: 'analyze', ...view(p) },
          summary: `${p.files.length} file(s) have tracks to remove, ${p.skipped.length} need nothing${p.refused.length ? `, ${p.refused.length} would lose every audio track (strip would be refused)` : ''}.`
        }
      }
      const planned = ctx.confirmed!.targets as BatchPreview
      const job = await startJobAndWait(app.jobs, ctx, {
        kind: JOB_KINDS.media.kind,
        owner: ctx.principal.id,
        description: `Strip tracks from ${planned.files.length} file(s) under ${args.path}`,
        estimatedDurationMs: estimateBatchMs(planned.files),
        run: job => runBatchJob(job, sandbox, tools, planned.files)
      }, args.waitSeconds)
      return {
        data: { action: 'strip', ...view(planned), job, next: jobNext(job) },
        summary: `Stripping tracks from ${planned.files.length} file(s). ${jobSentence(job)}`
      }
    }
  })
}
