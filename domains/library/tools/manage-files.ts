// manage_files: list, move, delete and undo inside the media and downloads roots.
// Moves never overwrite and are undoable, so they run without confirmation; delete always previews first.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool, type ToolContext } from '../../../core/tool-types.js'
import { ToolError } from '../../../core/errors.js'
import { isMoveLog } from '../../../lib/fs/move-log.js'
import { listFolder } from '../../../lib/library/file-list.js'
import { formatBytes } from '../../../core/format.js'
import { quoted } from '../../../core/untrusted-text.js'
import { applyDelete, previewDelete, type DeleteTarget } from '../../../lib/library/delete-targets.js'
import { deleteVerified } from '../../../lib/library/delete-verified.js'
import { VerifiedSchema } from '../../../lib/effects/schema.js'
import { estimateMoveMs, planMoves, runMoveJob, runUndoJob } from '../../../lib/library/move-jobs.js'
import { earlierMoves, runningMoves, stoppedMoveNote } from '../../../lib/library/move-state.js'
import { JOB_KINDS, JobSummarySchema, defineJobKinds, jobNext, jobSentence, startJobAndWait } from '../../../lib/library/run-job.js'
import { FINISHED_STATUSES } from '../../../core/job-types.js'
import { NEXT_FIELD, callText, refusal } from '../../../lib/answers/next-calls.js'
import { followJob, listJobs, undoJob } from '../../../lib/answers/common-calls.js'

const Action = Type.Union([Type.Literal('list'), Type.Literal('move'), Type.Literal('delete'), Type.Literal('undo')], {
  description: 'list (path), move (paths, destination), delete (paths) or undo (jobId)'
})

const inputSchema = Type.Object({
  action: Action,
  path: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'list: folder or file, e.g. "tv/Show" or "downloads/x"' })),
  paths: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { minItems: 1, maxItems: 200, description: 'move/delete: the files or folders' })),
  destination: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'move: target folder, or one item\'s new path (keeping its extension)' })),
  createFolder: Type.Boolean({ default: false, description: 'move: create destination as a folder' }),
  recursive: Type.Boolean({ default: false, description: 'list: everything below, not only direct contents' }),
  offset: Type.Integer({ minimum: 0, default: 0, description: 'list: how many entries to skip (paging)' }),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'list: page size' }),
  jobId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'undo: id of the move or rename job' })),
  waitSeconds: Type.Integer({ minimum: 0, maximum: 120, default: 20, description: 'move/undo: seconds to wait for the job' })
}, { additionalProperties: false })

const Item = Type.Object({
  path: Type.String({ description: 'Path in the form tools accept' }),
  name: Type.String({ description: 'File or folder name' }),
  kind: Type.String({ description: 'file, folder, symlink or other' }),
  size: Type.Integer({ description: 'Bytes (files only)' }),
  modified: Type.String({ description: 'Last modification (ISO 8601)' })
})

const outputSchema = Type.Object({
  action: Type.String({ description: 'The action performed' }),
  items: Type.Optional(Type.Array(Item, { description: 'list: this page of entries, in path order' })),
  total: Type.Optional(Type.Integer({ description: 'list: number of entries in all pages' })),
  offset: Type.Optional(Type.Integer({ description: 'list: offset of this page' })),
  limit: Type.Optional(Type.Integer({ description: 'list: page size' })),
  hasMore: Type.Optional(Type.Boolean({ description: 'list: whether another page follows' })),
  job: Type.Optional(JobSummarySchema),
  deleted: Type.Optional(Type.Array(Type.Object({
    path: Type.String({ description: 'What was deleted' }),
    filesDeleted: Type.Integer({ description: 'Files removed' }),
    bytesFreed: Type.Number({ description: 'Bytes freed' }),
    keptFolders: Type.Array(Type.String(), { description: 'Folders kept because something new appeared in them' })
  }), { description: 'delete: what was removed' })),
  verified: Type.Optional(VerifiedSchema),
  ...NEXT_FIELD
}, { additionalProperties: false })

function need<T> (value: T | undefined, field: string, action: string): T {
  if (value === undefined) throw new ToolError(`Action "${action}" needs "${field}".`)
  return value
}

export default function manageFiles (app: FastifyInstance) {
  defineJobKinds(app.jobs)
  const sandbox = app.sandbox

  async function undo (jobId: string, waitSeconds: number, ctx: ToolContext) {
    const original = app.jobs.get(jobId)
    if (!original || original.owner !== ctx.principal.id) throw refusal(`No job with id ${jobId}.`, [listJobs()])
    if (!FINISHED_STATUSES.includes(original.status)) throw refusal(`Job ${jobId} is still ${original.status}. Wait for it to finish or cancel it, then undo.`, [followJob(jobId)])
    if (!isMoveLog(original.inverse)) throw new ToolError(`Job ${jobId} (${original.kind}) cannot be undone: only file moves, episode renames and earlier undos can.`)
    const log = original.inverse
    return await startJobAndWait(app.jobs, ctx, {
      kind: JOB_KINDS.fileMove.kind,
      owner: ctx.principal.id,
      description: `Undo job ${jobId}: ${original.description}`,
      estimatedDurationMs: 500 + log.entries.length * 50,
      run: job => runUndoJob(job, sandbox, log, jobId)
    }, waitSeconds)
  }

  return defineTool({
    name: 'manage_files',
    title: 'Manage library files',
    description: 'Files and folders under the media and downloads roots: list (paged); move (background job, never overwrites, undoable); delete (preview + confirmToken; season folders stay); undo a move or rename job. Roots and library top folders are never moved or deleted.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    // list reads: not a change, and it goes on while the audit log cannot be written.
    hasEffects: args => args.action !== 'list',
    taskSupport: 'optional',
    guards: { paths: ['path'], entries: ['paths', 'destination'] },
    confirm: {
      required: args => args.action === 'delete',
      preview: async (args) => {
        const targets = await previewDelete(sandbox, need(args.paths, 'paths', 'delete'))
        const files = targets.reduce((n, t) => n + t.files, 0)
        const bytes = targets.reduce((n, t) => n + t.bytes, 0)
        return {
          summary: `Delete ${targets.length} item(s): ${targets.map(t => quoted(t.path, 1000)).join(', ')} (${files} file(s), ${formatBytes(bytes)}).`,
          targets
        }
      }
    },
    handler: async (args, ctx) => {
      switch (args.action) {
        case 'list': {
          const input = need(args.path, 'path', 'list')
          const abs = await sandbox.resolve(input)
          await sandbox.mustExist(abs, input)
          const page = await listFolder(abs, { recursive: args.recursive, offset: args.offset, limit: args.limit, display: p => sandbox.display(p), signal: ctx.signal })
          return {
            data: { action: 'list', ...page },
            summary: `${sandbox.display(abs)}: showing ${page.items.length} of ${page.total} entries from ${page.offset}${page.hasMore ? `; next page: offset ${page.offset + page.items.length}` : ''}.`
          }
        }
        case 'move': {
          const moves = await planMoves(sandbox, need(args.paths, 'paths', 'move'), need(args.destination, 'destination', 'move'),
            { createFolder: args.createFolder, earlier: earlierMoves(app.jobs, JOB_KINDS.fileMove.kind), busy: runningMoves(app.jobs, JOB_KINDS.fileMove.kind) })
          const what = moves.length === 1 ? sandbox.display(moves[0].from) : `${moves.length} items`
          const job = await startJobAndWait(app.jobs, ctx, {
            kind: JOB_KINDS.fileMove.kind,
            owner: ctx.principal.id,
            description: `Move ${what} to ${args.destination}`,
            estimatedDurationMs: estimateMoveMs(moves),
            run: job => runMoveJob(job, sandbox, moves)
          }, args.waitSeconds)
          const continued = moves.filter(m => m.resume).map(m => `${sandbox.display(m.to)} (left part-way by job ${m.resume!.jobId})`)
          const verb = continued.length ? `Continuing the move into ${continued.join(', ')}.` : `Moving ${what} to ${args.destination}.`
          const record = app.jobs.get(job.id)
          const note = record && await stoppedMoveNote(sandbox, record)
          if (note) return { data: { action: 'move', job: { ...job, message: note } }, summary: `${verb} Job ${job.id}: ${note}` }
          const undo = undoJob(job.id)
          return { data: { action: 'move', job, next: [...jobNext(job), undo] }, summary: `${verb} ${jobSentence(job)} Revert with ${callText(undo)}.` }
        }
        case 'delete': {
          const targets = ctx.confirmed!.targets as DeleteTarget[]
          // Each target on its own, then the disk looked at again: the answer says what is gone and what is not.
          const done = await deleteVerified(sandbox, targets, async (t, onFile) => (await applyDelete(sandbox, [t], undefined, onFile))[0],
            err => app.log.error({ err }, 'manage_files delete stopped'))
          return {
            data: { action: 'delete', deleted: done.deleted, verified: done.verified, ...(done.next.length ? { next: done.next } : {}) },
            summary: done.summary
          }
        }
        case 'undo': {
          const job = await undo(need(args.jobId, 'jobId', 'undo'), args.waitSeconds, ctx)
          return { data: { action: 'undo', job, next: jobNext(job) }, summary: `Undoing job ${args.jobId}. ${jobSentence(job)}` }
        }
      }
    }
  })
}
