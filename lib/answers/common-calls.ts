// The calls many answers suggest, built once so every answer sends the same complete arguments: follow a job,
// undo a move, list a folder, list jobs. Each matches its tool's input schema (test/lib/answers/
// next-everywhere.test.ts checks them against the registry).
import { nextCall, type NextCall } from './next-calls.js'

/** check_jobs on one job: its progress and result. */
export const followJob = (id: string): NextCall => nextCall('check_jobs', { id }, `follow job ${id}`)

/** check_jobs without an id: the jobs there are (only the running ones with `active`). */
export const listJobs = (active = false): NextCall =>
  nextCall('check_jobs', active ? { status: 'active' } : {}, active ? 'list the jobs that are running' : 'list the jobs')

/** manage_files undo of a move, rename or undo job. */
export const undoJob = (jobId: string): NextCall => nextCall('manage_files', { action: 'undo', jobId }, `put back what job ${jobId} moved`)

/** manage_files list of a folder (a path as the tools take it). */
export const listFolder = (path: string): NextCall => nextCall('manage_files', { action: 'list', path }, `see what is in ${path}`)

/** download_status's queue: every downloader and manager, merged. */
export const watchQueue = (): NextCall => nextCall('download_status', { action: 'queue' }, 'follow it in the download queue')

/** cleanup_server's preview of the default categories: what can be removed to free space (nothing goes without a confirm). */
export const freeSpacePreview = (): NextCall => nextCall('cleanup_server', {}, 'see what can be cleaned up to free space')
