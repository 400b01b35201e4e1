// rename_episodes: the standard "Show - S01E02.ext" inside "Season 01" for one show, previewed by default.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { ToolError } from '../../../core/errors.js'
import { planEpisodeRenames, type RenamePlan } from '../../../lib/library/rename-plan.js'
import { runRenameJob } from '../../../lib/library/rename-job.js'
import { JOB_KINDS, JobSummarySchema, defineJobKinds, jobNext, jobSentence, startJobAndWait } from '../../../lib/library/run-job.js'
import { NEXT_FIELD, callText, nextCall, nextText, refusal } from '../../../lib/answers/next-calls.js'
import { undoJob } from '../../../lib/answers/common-calls.js'

const SHOWN = 200

const inputSchema = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 4096, description: 'Show folder (e.g. "tv/Show") or one season folder' }),
  showName: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Show name in file names (default: folder name)' })),
  dryRun: Type.Boolean({ default: true, description: 'true: only show the plan; false: apply it as a job' }),
  waitSeconds: Type.Integer({ minimum: 0, maximum: 120, default: 20, description: 'Seconds to wait for the job' })
}, { additionalProperties: false })

const Rename = Type.Object({
  from: Type.String({ description: 'Current path' }),
  to: Type.String({ description: 'New path' })
})

const outputSchema = Type.Object({
  showFolder: Type.String({ description: 'The show folder the plan covers' }),
  showName: Type.String({ description: 'Name used in the new file names' }),
  dryRun: Type.Boolean({ description: 'Whether this was only a preview' }),
  renameCount: Type.Integer({ description: 'Files to rename (or renamed)' }),
  renames: Type.Array(Rename, { description: `The renames (at most ${SHOWN} shown)` }),
  unchanged: Type.Integer({ description: 'Files already named correctly' }),
  unmatched: Type.Array(Type.String(), { description: 'Video/subtitle files without a recognisable season and episode; left alone' }),
  collisions: Type.Array(Type.Object({
    target: Type.String({ description: 'The contested new name' }),
    sources: Type.Array(Type.String(), { description: 'Files that would get it' }),
    reason: Type.String({ description: 'Why it is a collision' })
  }), { description: 'Conflicts that block the rename; nothing is renamed while any exist' }),
  job: Type.Optional(JobSummarySchema),
  ...NEXT_FIELD
}, { additionalProperties: false })

// The markers lib/library/episode-name.ts reads, as examples a person can copy.
const UNMATCHED_HINT = ' A name is recognised when it carries season and episode, e.g. "Show.S01E02.mkv", "Show 1x02.mkv" or ' +
  '"Show - Season 1 Episode 2.mkv"; move the others to such names yourself (manage_files), or leave them (they are not touched).'

export default function renameEpisodes (app: FastifyInstance) {
  defineJobKinds(app.jobs)
  const sandbox = app.sandbox
  const shown = (plan: RenamePlan) => ({
    showFolder: sandbox.display(plan.showDir),
    showName: plan.showName,
    renameCount: plan.renames.length,
    renames: plan.renames.slice(0, SHOWN).map(r => ({ from: sandbox.display(r.from), to: sandbox.display(r.to) })),
    unchanged: plan.unchanged.length,
    unmatched: plan.unmatched.slice(0, SHOWN).map(p => sandbox.display(p)),
    collisions: plan.collisions.map(c => ({ target: sandbox.display(c.target), sources: c.sources.map(s => sandbox.display(s)), reason: c.reason }))
  })

  return defineTool({
    name: 'rename_episodes',
    title: 'Rename episodes to the standard scheme',
    description: 'Renames a show\'s episode files (and subtitles) to "Show - S01E02.ext" in "Season 01" folders (from S01E02, 1x02 or "Season 1 Episode 2" names). dryRun (default) returns the plan and collisions; dryRun:false runs it as a job, all or nothing, never overwriting; undo with manage_files.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    hasEffects: args => args.dryRun !== undefined && args.dryRun !== true,
    taskSupport: 'optional',
    guards: { paths: ['path'], names: ['showName'] },
    handler: async (args, ctx) => {
      const dir = await sandbox.resolve(args.path)
      if (!(await sandbox.mustExist(dir, args.path)).isDirectory()) {
        throw new ToolError(`${args.path} is a file; rename_episodes takes a show folder (e.g. "tv/Show Name") or one of its season folders.`)
      }
      const plan = await planEpisodeRenames(dir, { showName: args.showName, signal: ctx.signal })
      await sandbox.assertMutable(plan.showDir)
      const view = shown(plan)
      if (args.dryRun || plan.renames.length === 0) {
        const blocked = plan.collisions.length > 0 ? ` ${plan.collisions.length} collision(s) must be resolved first (rename or delete the files listed).` : ''
        const next = args.dryRun && plan.renames.length > 0 && !blocked ? [nextCall('rename_episodes', { ...args, dryRun: false }, 'apply the plan')] : []
        return {
          data: { ...view, dryRun: args.dryRun, ...(next.length && { next }) },
          unchanged: true,
          summary: `${view.showFolder}: ${plan.renames.length} file(s) to rename, ${plan.unchanged.length} already standard, ${plan.unmatched.length} not recognised.${plan.unmatched.length > 0 ? UNMATCHED_HINT : ''}${blocked}` +
            nextText(next)
        }
      }
      if (plan.collisions.length > 0) {
        const first = plan.collisions.slice(0, 3).map(c => `${view.collisions.find(v => v.target === sandbox.display(c.target))?.target}: ${c.reason}`).join('; ')
        throw refusal(`Nothing was renamed: ${plan.collisions.length} collision(s) (${first}). Rename or delete the conflicting files, then try again.`,
          [nextCall('rename_episodes', { ...args, dryRun: true }, 'see the full list of collisions')])
      }
      const job = await startJobAndWait(app.jobs, ctx, {
        kind: JOB_KINDS.fileMove.kind,
        owner: ctx.principal.id,
        description: `Rename ${plan.renames.length} episode file(s) in ${view.showFolder}`,
        estimatedDurationMs: 500 + plan.renames.length * 20,
        run: job => runRenameJob(job, sandbox, plan.renames)
      }, args.waitSeconds)
      const undo = undoJob(job.id)
      return {
        data: { ...view, dryRun: false, job, next: [...jobNext(job), undo] },
        summary: `Renaming ${plan.renames.length} file(s) in ${view.showFolder}. ${jobSentence(job)} Revert with ${callText(undo)}.`
      }
    }
  })
}
