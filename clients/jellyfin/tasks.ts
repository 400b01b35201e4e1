// Jellyfin scheduled tasks (GET /ScheduledTasks, POST /ScheduledTasks/Running/{taskId}), as functions over
// the Jellyfin client's authenticated call. cleanup_server uses them to start the media server's own
// cache and transcode cleanup instead of deleting files inside its data folders itself.
import type { CallOptions, JellyfinClient } from './client.js'

/**
 * Task keys (stable across versions and languages, unlike names) of the built-in tasks that clean the
 * media server's caches: "Clean Cache Directory" and "Clean Transcode Directory".
 */
export const CACHE_TASK_KEYS = ['DeleteCacheFiles', 'DeleteTranscodeFiles'] as const

interface RawTask {
  Id?: string | null
  Key?: string | null
  Name?: string | null
  State?: 'Idle' | 'Cancelling' | 'Running'
  Category?: string | null
  IsHidden?: boolean
  CurrentProgressPercentage?: number | null
  LastExecutionResult?: { Status?: string, EndTimeUtc?: string } | null
}

export interface ScheduledTask {
  id: string
  key: string
  name: string
  state: 'Idle' | 'Cancelling' | 'Running'
  category?: string
  lastStatus?: string
  lastEnded?: string
}

/** Every scheduled task the server knows (hidden ones included), trimmed. */
export async function scheduledTasks (client: JellyfinClient, o?: CallOptions): Promise<ScheduledTask[]> {
  const raw = await client.call<RawTask[] | null>({ path: '/ScheduledTasks' }, o)
  return (raw ?? []).flatMap(t => (t.Id && t.Key
    ? [{
        id: t.Id,
        key: t.Key,
        name: t.Name ?? t.Key,
        state: t.State ?? 'Idle',
        ...(t.Category ? { category: t.Category } : {}),
        ...(t.LastExecutionResult?.Status ? { lastStatus: t.LastExecutionResult.Status } : {}),
        ...(t.LastExecutionResult?.EndTimeUtc ? { lastEnded: t.LastExecutionResult.EndTimeUtc } : {})
      }]
    : []))
}

/** Starts a task now (returns at once; the task runs on the server). A 404 (unknown id) throws a BackendError. */
export async function startTask (client: JellyfinClient, taskId: string, o?: CallOptions): Promise<void> {
  await client.call({ method: 'POST', path: `/ScheduledTasks/Running/${encodeURIComponent(taskId)}`, as: 'none' }, o)
}
