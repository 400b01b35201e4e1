// fix_subtitles: converts ASS/SSA subtitle tracks inside MKVs to SRT, which every player renders without
// burning subtitles in. Destructive (the file is rewritten), so the first call previews and issues a token.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { ToolError } from '../../../core/errors.js'
import { JOB_KINDS, JobSummarySchema, defineJobKinds, jobNext, jobSentence, startJobAndWait } from '../../../lib/library/run-job.js'
import { NEXT_FIELD } from '../../../lib/answers/next-calls.js'
import { canonicalLanguages } from '../../../lib/media/language-args.js'
import { LANGUAGE_PATTERN } from '../../../lib/media/languages.js'
import { estimateBatchMs, findMediaFiles, previewBatch, runBatchJob, type BatchPreview, type Planner } from '../../../lib/media/media-batch.js'
import { STYLED_SUBTITLE_CODECS } from '../../../lib/media/probe.js'
import { describeStream } from '../../../lib/media/track-plan.js'

const inputSchema = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 4096, description: 'MKV file or folder (recursive, at most 500 files)' }),
  languages: Type.Optional(Type.Array(Type.String({ pattern: LANGUAGE_PATTERN }), { maxItems: 20, description: 'Only tracks in these languages (ISO 639); default all' })),
  waitSeconds: Type.Integer({ minimum: 0, maximum: 120, default: 20, description: 'Seconds to wait for the job' })
}, { additionalProperties: false })

const FileOut = Type.Object({
  path: Type.String({ description: 'The file' }),
  changes: Type.Array(Type.String(), { description: 'Tracks converted' })
})
const Skip = Type.Object({ path: Type.String({ description: 'The file' }), reason: Type.String({ description: 'Why it was left alone' }) })

const outputSchema = Type.Object({
  converted: Type.Array(FileOut, { description: 'Files rewritten (once the job finished)' }),
  skipped: Type.Array(Skip, { description: 'Files left unchanged and why' }),
  job: JobSummarySchema,
  ...NEXT_FIELD
}, { additionalProperties: false })

export default function fixSubtitles (app: FastifyInstance) {
  defineJobKinds(app.jobs)
  const sandbox = app.sandbox
  // MKVs are rewritten with mkvtoolnix when installed (exact subtitle timing, fast remux), else with ffmpeg.
  const tools = { ffmpeg: app.config.FFMPEG_PATH, ffprobe: app.config.FFPROBE_PATH, mkvmerge: app.config.MKVMERGE_PATH }

  const planner = (languages: string[]): Planner => info => {
    const styled = info.streams.filter(s => s.type === 'subtitle' && STYLED_SUBTITLE_CODECS.has(s.codec) && (languages.length === 0 || languages.includes(s.language)))
    if (styled.length === 0) return { skip: 'no ASS/SSA subtitle track to convert' }
    return { keep: info.streams, toSrt: styled.map(s => s.index), changes: styled.map(s => `${describeStream(s)} → SRT`) }
  }

  async function preview (path: string, languages: string[] | undefined, signal: AbortSignal): Promise<BatchPreview> {
    const abs = await sandbox.resolve(path)
    await sandbox.mustExist(abs, path)
    const files = await findMediaFiles(abs, f => f.toLowerCase().endsWith('.mkv'), signal)
    if (files.length === 0) throw new ToolError(`No MKV files under ${sandbox.display(abs)}. fix_subtitles only rewrites MKV files.`)
    return await previewBatch(sandbox, tools.ffprobe, files, planner(canonicalLanguages('languages', languages)), signal)
  }

  return defineTool({
    name: 'fix_subtitles',
    title: 'Convert ASS/SSA subtitles to SRT',
    description: 'Converts ASS/SSA subtitle tracks in MKV files to SRT (other tracks kept; styling lost, italics kept) for players that cannot render ASS. Preview + confirmToken, then a background job (check_jobs); each file is verified in a temp copy before it replaces the original.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    taskSupport: 'optional',
    guards: { paths: ['path'] },
    confirm: {
      preview: async (args, ctx) => {
        const p = await preview(args.path, args.languages, ctx.signal)
        if (p.files.length === 0) {
          throw new ToolError(`Nothing to convert under ${args.path}: ${p.skipped.length} file(s) checked, none has an ASS/SSA track${args.languages ? ' in those languages' : ''}.`)
        }
        const tracks = p.files.reduce((n, f) => n + f.toSrt.length, 0)
        return {
          summary: `Convert ${tracks} ASS/SSA track(s) to SRT in ${p.files.length} file(s)${p.skipped.length ? ` (${p.skipped.length} file(s) need nothing)` : ''}.`,
          targets: p
        }
      }
    },
    handler: async (args, ctx) => {
      const planned = ctx.confirmed!.targets as BatchPreview
      const job = await startJobAndWait(app.jobs, ctx, {
        kind: JOB_KINDS.media.kind,
        owner: ctx.principal.id,
        description: `Convert ASS/SSA subtitles to SRT in ${planned.files.length} file(s) under ${args.path}`,
        estimatedDurationMs: estimateBatchMs(planned.files),
        run: job => runBatchJob(job, sandbox, tools, planned.files)
      }, args.waitSeconds)
      const result = job.status === 'succeeded' ? job.result as { done: Array<{ path: string, changes: string[] }>, skipped: Array<{ path: string, reason: string }> } : undefined
      return {
        data: { converted: result?.done ?? [], skipped: [...planned.skipped, ...(result?.skipped ?? [])], job, next: jobNext(job) },
        summary: result
          ? `Converted subtitles in ${result.done.length} of ${planned.files.length} file(s)${result.skipped.length ? `; ${result.skipped.length} skipped (see skipped)` : ''}. ${jobSentence(job)}`
          : `Converting subtitles in ${planned.files.length} file(s). ${jobSentence(job)}`
      }
    }
  })
}
